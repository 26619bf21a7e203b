/** The search bench's agreement with fuse.js (bench/api-figures.ts agreementOf): strict and tie-aware. */

import { describe, expect, it } from 'vitest';
import { agreementOf } from '../../bench/api-figures.ts';

const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

describe('agreementOf', () => {
  it("counts ours among fuse.js's own ten (strict) and among every job it scores as well as its 10th", () => {
    // fuse.js: 1-5 best, then 6-105 tied, of which it returned 6-10 (its index order).
    const top = range(1, 10);
    const tied = new Set(range(1, 105));
    // Ours: the five best and five others of the tied ones.
    const ours = [...range(1, 5), ...range(50, 5)];
    expect(agreementOf(top, tied, ours)).toEqual({ strict: 0.5, tieAware: 1 });
  });

  it('a job fuse.js ranks below its 10th still disagrees', () => {
    const top = range(1, 10);
    const tied = new Set(range(1, 10));
    expect(agreementOf(top, tied, [...range(1, 9), 999])).toEqual({ strict: 0.9, tieAware: 0.9 });
  });

  it('fewer than ten: the share of what fuse.js found; nothing on both sides agrees, something on one side not', () => {
    expect(agreementOf([7, 8], new Set([7, 8]), [8, 7, 3])).toEqual({ strict: 1, tieAware: 1 });
    expect(agreementOf([], new Set(), [])).toEqual({ strict: 1, tieAware: 1 });
    expect(agreementOf([], new Set(), [4])).toEqual({ strict: 0, tieAware: 0 });
    expect(agreementOf([4], new Set([4]), [])).toEqual({ strict: 0, tieAware: 0 });
  });
});
