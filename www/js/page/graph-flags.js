// graph-flags.js: the graph page's words for a checked answer's difference on a vertex (the popup's line of a flag).

import { t } from './page-lang.js';

/**
 * The popup's line for a difference of format dag (the values' lines are the element's own):
 * a whole sentence per case (the judge's words quoted as they are); `format` is the text's.
 */
export function flagNote(x, format) {
  if (x.kind === 'missingVertex') return t('page.flag.missingVertex', { vertex: x.vertex });
  if (x.kind === 'extraVertex') return t('page.flag.extraVertex', { vertex: x.vertex });
  if (format !== 'dag') return undefined;
  const heroWins = heroWinsOf(x);
  const key = x.found === null || x.found === undefined ? 'nothing' : 'found';
  const notes = {
    'nothing|true': 'page.flag.dagNothingHeroWins',
    'nothing|false': 'page.flag.dagNothingHeroLoses',
    'found|true': 'page.flag.dagFoundHeroWins',
    'found|false': 'page.flag.dagFoundHeroLoses',
  };
  return t(notes[`${key}|${heroWins}`], { found: x.found ?? '', expected: x.expected ?? '' });
}

/**
 * Whether the hero wins the instance of difference `x`. The core's report says it only as
 * the judge's word it expects (`1`: the hero wins, `0`: not; format dag's definition), so
 * that word is read here, in this one place, until the difference carries the fact itself.
 */
function heroWinsOf(x) {
  return x.expected === '1';
}
