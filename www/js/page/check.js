// check.js: the pages' "Check your answer": the contestant's output (pasted, opened or dropped) checked in the worker, the verdict, and each difference shown on the element in turn.

import { errorText } from '../element/errors.js';
import { pageWords, put, t } from './page-lang.js';
import { $ } from './page-parts.js';

// The checker's kinds of difference (its stable codes): each a message with its count ("3 wrong values").
const KINDS = {
  wrongValue: 'page.check.kind.wrongValue',
  missingWord: 'page.check.kind.missingWord',
  extraWord: 'page.check.kind.extraWord',
  notAValue: 'page.check.kind.notAValue',
  missingLine: 'page.check.kind.missingLine',
  extraLine: 'page.check.kind.extraLine',
  missingVertex: 'page.check.kind.missingVertex',
  extraVertex: 'page.check.kind.extraVertex',
  outOfOrder: 'page.check.kind.outOfOrder',
};

/** "3 wrong values, 1 missing word" from the checker's counts by kind, in the page's words. */
export function countsText(counts) {
  const parts = [];
  for (const [kind, k] of Object.entries(counts ?? {})) {
    if (!k) continue;
    parts.push(t(KINDS[kind] ?? 'page.check.kind.other', { count: k }));
  }
  return parts.join(t('page.check.kindGap'));
}

// The verdicts and the first difference's kind, for readers of another language than the checker's (English).
const VERDICTS = {
  ok: 'page.check.verdict.ok',
  wrongAnswer: 'page.check.verdict.wrongAnswer',
  presentationError: 'page.check.verdict.presentationError',
  badInput: 'page.check.verdict.badInput',
};
const WHAT = {
  wrongValue: 'page.check.what.wrongValue',
  missingWord: 'page.check.what.missingWord',
  extraWord: 'page.check.what.extraWord',
  notAValue: 'page.check.what.notAValue',
  missingLine: 'page.check.what.missingLine',
  extraLine: 'page.check.what.extraLine',
  missingVertex: 'page.check.what.missingVertex',
  extraVertex: 'page.check.what.extraVertex',
  outOfOrder: 'page.check.what.outOfOrder',
};

/**
 * The verdict's headline: the checker's own line (as `loopy check` prints it) for an English
 * reader; for any other, the same facts (verdict, where, what was expected and found: the
 * judge's words) said from the report's data in the page's words.
 */
export function headlineText(report, where) {
  if (pageWords().code === 'en') return report.headline;
  const d = report.first;
  const verdict = t(VERDICTS[report.verdict] ?? 'page.check.verdict.wrongAnswer');
  if (!d) return verdict;
  const what = t(WHAT[d.kind] ?? 'page.check.what.other', { expected: d.expected ?? '', found: d.found ?? '', vertex: d.vertex ?? '' });
  return t('page.check.headline', { verdict, where: where(d), what });
}

/**
 * Lets `box` (a textarea) take a dropped file: `onFile(file)` gets it, and the text is
 * never put in the box (a 200 MB output stays off the main thread).
 */
export function dropFile(box, onFile) {
  box.addEventListener('dragover', (e) => {
    if (![...(e.dataTransfer?.types ?? [])].includes('Files')) return;
    e.preventDefault();
    box.classList.add('dropping');
  });
  box.addEventListener('dragleave', () => box.classList.remove('dropping'));
  box.addEventListener('drop', (e) => {
    const file = e.dataTransfer?.files?.[0];
    box.classList.remove('dropping');
    if (!file) return;
    e.preventDefault();
    onFile(file);
  });
}

/**
 * Wires the check form (#check-form: #answer-input, #answer-file, #check-next,
 * #check-where, #check-verdict). `app.check(output)` (a string or a File) resolves to
 * `{ report }` (the core's CheckReport) or `{ error }`; `app.show(diff, report)` brings
 * difference `diff` on screen (its game or query loaded, the differences there flagged, it
 * selected and explained); `app.where(diff)` names it; `app.forget()` clears the flags.
 * Returns { reset() } for a new input.
 */
export function setupCheck(app) {
  const box = $('answer-input');
  const fileInput = $('answer-file');
  const verdict = $('check-verdict');
  const next = $('check-next');
  const where = $('check-where');
  let file = null; // the output opened or dropped, read in the worker
  let report = null;
  let at = 0;

  const reset = () => {
    report = null;
    next.hidden = true;
    put(where, '');
    put(verdict, '');
    verdict.className = '';
    app.forget();
  };
  const useFile = (f) => {
    file = f;
    box.value = '';
    put(box, () => t('page.check.filePlaceholder', { file: f.name, bytes: f.size }), 'placeholder');
  };
  fileInput.addEventListener('change', () => fileInput.files[0] && useFile(fileInput.files[0]));
  dropFile(box, useFile);
  box.addEventListener('input', () => {
    file = null;
    fileInput.value = '';
    put(box, '', 'placeholder');
  });

  const show = async (k) => {
    at = k;
    const d = report.differences[k];
    const listed = report.differences.length;
    const total = report.total;
    put(where, () =>
      total > listed
        ? t('page.check.whereFirst', { k: k + 1, listed, total, where: app.where(d) })
        : t('page.check.where', { k: k + 1, listed, where: app.where(d) }),
    );
    next.hidden = listed < 2;
    await app.show(d, report);
  };
  next.onclick = () => report && show((at + 1) % report.differences.length);

  $('check-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    const output = file ?? box.value;
    reset();
    put(verdict, () => t('page.check.checking'));
    const r = await app.check(output);
    if (r.error) {
      put(verdict, () => errorText(pageWords(), r.error));
      verdict.className = 'bad';
      return;
    }
    report = r.report;
    const { total, counts } = report;
    put(verdict, () => {
      const headline = headlineText(report, app.where);
      return report.verdict === 'ok' ? headline : t('page.check.verdict', { headline, count: total, counts: countsText(counts) });
    });
    verdict.className = report.verdict === 'ok' ? 'ok' : 'bad';
    if (report.differences.length) await show(0);
  });
  return { reset };
}
