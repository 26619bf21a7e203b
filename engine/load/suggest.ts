/** "Did you mean" suggestions for misspelt keys and ids. */

import { distance } from 'fastest-levenshtein';

/** The candidate closest to `word` when it is close enough to be a likely typo. */
export function closest(word: string, candidates: string[]): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  for (const c of candidates) {
    const d = distance(word, c);
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return best !== undefined && bestD <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined;
}
