/**
 * Deep pages of the jobs list (issue 47): the first page and a page deep in the list (page size / 50: page 20,000 of
 * 1,000,000 jobs, 25 a page), ops scope, no filter, in two sorts, reached as the web reaches it (keyset paging: the
 * cursor of the row before it, sought in the sort's index) and, beside it, by its offset (the naive way: every row
 * before it counted past). Calls interleaved so a pause of the host falls on any of them alike; the version-keyed
 * count cache is cleared before each call (as in part a).
 */

import { clearCountCache, listJobs, type ListPage } from '../server/db/job-lists.db.ts';
import type { Q } from '../server/db/portable.ts';

export interface DeepPages {
  page: number;
  first: number[];
  /** The deep page by its cursor. */
  deep: number[];
  /** The deep page by its offset. */
  offset: number[];
}

/** The deep page's number at `size` jobs. */
export const deepPageOf = (size: number) => Math.max(2, Math.floor(size / 50));

export async function deepPages(db: Q, size: number, me: number, runs: number): Promise<DeepPages> {
  const page = deepPageOf(size);
  const sorts: Pick<ListPage, 'sort_by' | 'sort_direction'>[] = [
    { sort_by: 'created_at', sort_direction: 'asc' },
    { sort_by: 'full_name', sort_direction: 'desc' },
  ];
  const at = (n: number, sort: (typeof sorts)[number], seek?: ListPage['seek']) =>
    listJobs(db, {}, { me }, { page_number: n, per_page: 25, ...sort, ...(seek ? { seek } : {}) });
  // The cursor of each sort's deep page: the keys of the last row of the page before it (found once, not timed).
  const seeks = await Promise.all(
    sorts.map(async (sort) => ({ side: 'after' as const, keys: (await at(page - 1, sort)).keys.at(-1)! })),
  );
  const out: DeepPages = { page, first: [], deep: [], offset: [] };
  for (let round = -1; round < runs; round++) {
    for (const [i, sort] of sorts.entries()) {
      for (const [call, into] of [
        [() => at(1, sort), out.first],
        [() => at(page, sort, seeks[i]), out.deep],
        [() => at(page, sort), out.offset],
      ] as const) {
        clearCountCache(db);
        const t = performance.now();
        await call();
        if (round >= 0) into.push(performance.now() - t);
      }
    }
  }
  return out;
}
