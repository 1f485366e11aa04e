// check.js: the pages' "Check your answer": the contestant's output (pasted, opened or dropped) checked in the worker, the verdict, and each difference shown on the element in turn.

import { count, fmt } from '../ring/explain.js';
import { $ } from './page-parts.js';

// The checker's kinds of difference (its stable codes), in words, for the counts line.
const KINDS = {
  wrongValue: ['wrong value', 'wrong values'],
  missingWord: ['missing word', 'missing words'],
  extraWord: ['extra word', 'extra words'],
  notAValue: ['word that is not a value', 'words that are not values'],
  missingLine: ['missing line', 'missing lines'],
  extraLine: ['extra line', 'extra lines'],
  missingVertex: ['vertex left out', 'vertices left out'],
  extraVertex: ['vertex too many', 'vertices too many'],
  outOfOrder: ['set out of order', 'sets out of order'],
};

/** "3 wrong values, 1 missing word" from the checker's counts by kind. */
export function countsText(counts) {
  const parts = [];
  for (const [kind, k] of Object.entries(counts ?? {})) {
    if (!k) continue;
    const [one, many] = KINDS[kind] ?? ['other difference', 'other differences'];
    parts.push(`${fmt(k)} ${k === 1 ? one : many}`);
  }
  return parts.join(', ');
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
    where.textContent = '';
    verdict.textContent = '';
    verdict.className = '';
    app.forget();
  };
  const useFile = (f) => {
    file = f;
    box.value = '';
    box.placeholder = `${f.name} (${fmt(f.size)} bytes) is checked when you press “Check my answer”.`;
  };
  fileInput.addEventListener('change', () => fileInput.files[0] && useFile(fileInput.files[0]));
  dropFile(box, useFile);
  box.addEventListener('input', () => {
    file = null;
    fileInput.value = '';
    box.placeholder = '';
  });

  const show = async (k) => {
    at = k;
    const d = report.differences[k];
    const listed = report.differences.length;
    const more = report.total > listed ? ` (the first ${fmt(listed)} of ${fmt(report.total)} are listed)` : '';
    where.textContent = `Difference ${fmt(k + 1)} of ${fmt(listed)}${more}: ${app.where(d)}`;
    next.hidden = listed < 2;
    await app.show(d, report);
  };
  next.onclick = () => report && show((at + 1) % report.differences.length);

  $('check-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    const output = file ?? box.value;
    reset();
    verdict.textContent = 'Checking…';
    const r = await app.check(output);
    if (r.error) {
      verdict.textContent = r.error.message;
      verdict.className = 'bad';
      return;
    }
    report = r.report;
    const counts = report.verdict === 'ok' ? '' : countsText(report.counts);
    verdict.textContent = counts ? `${report.headline} (${count(report.total, 'difference')} in all: ${counts}.)` : report.headline;
    verdict.className = report.verdict === 'ok' ? 'ok' : 'bad';
    if (report.differences.length) await show(0);
  });
  return { reset };
}
