/** Which list counts job_cube answers (server/db/job-cube.ts); the counts themselves are checked against the model. */

import { describe, expect, it } from 'vitest';
import { cubeOf } from '../../server/db/job-cube.ts';
import { walksFor } from '../../server/db/job-lists.db.ts';

describe('cubeOf', () => {
  it('two or more low-cardinality filters: all jobs, each column as it holds the value', () => {
    expect(
      cubeOf([
        { facet: 'program', value: 'wi-hear' },
        { facet: 'eligible', value: '1' },
        { facet: 'claimed', value: '1' },
      ]),
    ).toEqual({
      anchor: undefined,
      where: [
        { column: 'program_id', value: 'wi-hear' },
        { column: 'is_eligible', value: 1 },
        { column: 'claimed', value: 1 },
      ],
    });
  });

  it('within one company, person or action owner; the same company as scope and filter is one', () => {
    expect(
      cubeOf([
        { facet: 'contractor', value: '7' },
        { facet: 'contractor', value: '7' },
        { facet: 'eligibility', value: 'eligible' },
      ]),
    ).toEqual({ anchor: { facet: 'contractor', value: '7' }, where: [{ column: 'eligibility', value: 'eligible' }] });
    expect(
      cubeOf([
        { facet: 'owner', value: 'finance' },
        { facet: 'ops_exception', value: '0' },
      ])?.anchor,
    ).toEqual({
      facet: 'owner',
      value: 'finance',
    });
  });

  it('none for one facet alone (job_facet_totals has it), or two companies or people at once', () => {
    expect(cubeOf([{ facet: 'program', value: 'pce' }])).toBeUndefined();
    expect(
      cubeOf([
        { facet: 'contractor', value: '7' },
        { facet: 'contractor', value: '8' },
      ]),
    ).toBeUndefined();
    expect(
      cubeOf([
        { facet: 'ops_owner', value: '3' },
        { facet: 'submitter', value: '4' },
        { facet: 'program', value: 'pce' },
      ]),
    ).toBeUndefined();
  });
});

describe('walksFor (SQLite: a page walks its sort index, checking the low-cardinality filters on its entries)', () => {
  it('walks once the matches are not rare: matches squared times ten at least the page size times the walk', () => {
    expect(walksFor(2_000, 95_000, 25)).toBe(true); // claimed jobs of a program at 100,000 jobs
    expect(walksFor(20_000, 950_000, 25)).toBe(true);
    expect(walksFor(1_541, 950_000, 25)).toBe(false);
    expect(walksFor(1_542, 950_000, 25)).toBe(true);
    expect(walksFor(50, 100, 25)).toBe(true);
  });

  it('leaves rare matches, and none, to the planner (none answers no page at all)', () => {
    expect(walksFor(100, 1_000_000, 25)).toBe(false);
    expect(walksFor(0, 10, 25)).toBe(false);
  });
});
