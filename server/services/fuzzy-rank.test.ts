/**
 * The search's character filter is a necessary condition of a fuse.js match: whatever the query and the
 * value, a value fuse.js matches (the engine's threshold, ignoring location) always passes it. Checked
 * with generated strings over a small alphabet (so most pairs are near matches) and queries past 32
 * characters (fuse.js's chunks).
 */

import fc from 'fast-check';
import Fuse from 'fuse.js';
import { describe, expect, it } from 'vitest';
import { JOB_SEARCH } from '../../engine/index.ts';
import { charFilter, fuseChunks } from './fuzzy-rank.ts';

const options = {
  threshold: JOB_SEARCH.threshold,
  minMatchCharLength: JOB_SEARCH.minMatchCharLength,
  ignoreLocation: JOB_SEARCH.ignoreLocation,
};
const text = (min: number, max: number) =>
  fc.string({
    unit: fc.constantFrom('a', 'b', 'c', 'd', 'e', ' ', '-', '1', 'É', 'é'),
    minLength: min,
    maxLength: max,
  });

/**
 * The property: for queries of `queryChars` characters (as the service searches them: trimmed, two at least; fuse.js
 * answers every value to a blank one) and values of `valueChars`, every value fuse.js matches passes the filter.
 */
function passesWhatFuseMatches(queryChars: [number, number], valueChars: [number, number], numRuns: number) {
  fc.assert(
    fc.property(
      text(...queryChars)
        .map((q) => q.trim())
        .filter((q) => q.length >= 2),
      fc.array(text(...valueChars), { minLength: 1, maxLength: 30 }),
      (query, values) => {
        const q = query.toLowerCase();
        const passes = charFilter(q, JOB_SEARCH.threshold);
        for (const hit of new Fuse(values, options).search(q))
          expect(passes(hit.item), JSON.stringify({ q, value: hit.item })).toBe(true);
      },
    ),
    { numRuns },
  );
}

describe('charFilter', () => {
  it('passes every value fuse.js matches, for short and chunked queries', () =>
    passesWhatFuseMatches([2, 40], [0, 50], 500));

  it('passes every value fuse.js matches when the value is far longer than the query (the stretch slides along it)', () =>
    passesWhatFuseMatches([2, 12], [20, 80], 1000));

  it('rejects a value too far from the query, and passes one within the allowed errors', () => {
    // 'abcdefghij': ten characters, four errors allowed: six of its characters must be there.
    const passes = charFilter('abcdefghij', 0.4);
    expect(passes('ABCDEF')).toBe(true);
    expect(passes('zzabcdezz')).toBe(false);
    expect(passes('jihgfe')).toBe(true);
    // The characters must be near each other: within the query's length plus its errors (14 here).
    expect(passes('abc' + '-'.repeat(12) + 'def')).toBe(false);
    expect(passes('abc' + '-'.repeat(8) + 'def')).toBe(true);
    expect(passes('-'.repeat(30) + 'abc' + '-'.repeat(8) + 'def' + '-'.repeat(30))).toBe(true);
    // A character counts as often as the query holds it.
    const twice = charFilter('aaaaa', 0.4);
    expect(twice('aaa')).toBe(true);
    expect(twice('aa')).toBe(false);
    // A long query passes a value matching any one of its chunks.
    const long = 'x'.repeat(32) + 'abcdefghij';
    expect(fuseChunks(long)).toHaveLength(2);
    expect(charFilter(long, 0.4)('xxxxxxxxxxxxxxxxxxxx')).toBe(true);
    // With surrogates in the query the filter passes everything (fuse.js counts units).
    expect(charFilter('😀abc', 0.4)('zzz')).toBe(true);
  });
});
