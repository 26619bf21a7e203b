/**
 * The search bench's agreement with fuse.js (bench/api-figures.ts agreementOf): strict and tie-aware; and fuse.js's
 * answers kept beside the bench database (bench/search-agreement.ts cachedFuseAnswers).
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fuse from 'fuse.js';
import { describe, expect, it } from 'vitest';
import { agreementOf } from '../../bench/api-figures.ts';
import { cachedFuseAnswers, fuseAnswers, fuseAnswersFile } from '../../bench/search-agreement.ts';
import { JOB_SEARCH } from '../../engine/index.ts';
import { fuseOptions } from '../../server/services/fuzzy-rank.ts';
import type { JobSearchText } from '../../server/db/search-rows.db.ts';

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

describe('cachedFuseAnswers', () => {
  const job = (id: number, full_name: string, city: string): JobSearchText => ({
    id,
    full_name,
    address: `${id} Oak St`,
    city,
    contractor: 'Acme Heating',
    code: `C${id}`,
    external_id: null,
  });
  const rows = [
    job(1, 'Mary Johnson', 'Fresno'),
    job(2, 'Ann Jonson', 'Fresno'),
    job(3, 'Mary Smith', 'Madison'),
    job(4, 'Mary Johnson', 'Madison'),
  ];
  const fuse = () => new Fuse(rows, { ...fuseOptions(JOB_SEARCH), includeScore: true });

  it('answers as fuseAnswers does, asks fuse.js only for the queries its file lacks, and keeps them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fuse-answers-'));
    try {
      const file = join(dir, 'answers.json');
      let built = 0;
      const counted = () => (built++, fuse());
      const first = cachedFuseAnswers(file, counted, ['johnson', 'fresno']);
      const direct = fuseAnswers(fuse(), ['johnson', 'fresno', 'mary']);
      expect(built).toBe(1);
      for (const q of ['johnson', 'fresno']) {
        expect(first.top.get(q)).toEqual(direct.top.get(q));
        expect(first.tied.get(q)).toEqual(direct.tied.get(q));
      }
      // Known queries come from the file: no Fuse is made; a new one makes one and joins the file.
      const again = cachedFuseAnswers(file, counted, ['fresno', 'johnson']);
      expect(built).toBe(1);
      expect(again.top.get('fresno')).toEqual(direct.top.get('fresno'));
      const more = cachedFuseAnswers(file, counted, ['mary', 'johnson']);
      expect(built).toBe(2);
      expect(more.top.get('mary')).toEqual(direct.top.get('mary'));
      expect(cachedFuseAnswers(file, counted, ['mary']).tied.get('mary')).toEqual(direct.tied.get('mary'));
      expect(built).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keys the file by the bench database it sits beside', () => {
    expect(fuseAnswersFile('/data/bench/a.db')).toMatch(/^\/data\/bench\/a\.db\.fuse-[0-9a-f]{10}\.json$/);
    expect(fuseAnswersFile('/data/bench/a.db')).toBe(fuseAnswersFile('/data/bench/a.db'));
    expect(fuseAnswersFile('/data/bench/b.db').startsWith('/data/bench/b.db.fuse-')).toBe(true);
  });
});
