/**
 * Deep pages of the jobs list (issue 47): the first page and a page deep in the list (page size / 50: page 20,000 of
 * 1,000,000 jobs, 25 a page), ops scope, no filter, in two sorts, calls interleaved so a pause of the host falls on
 * either alike. The version-keyed count cache is cleared before each call (as in part a).
 */

import { clearCountCache, listJobs, type ListPage } from '../server/db/job-lists.db.ts';
import type { Q } from '../server/db/portable.ts';

export interface DeepPages {
  page: number;
  first: number[];
  deep: number[];
}

/** The deep page's number at `size` jobs. */
export const deepPageOf = (size: number) => Math.max(2, Math.floor(size / 50));

export async function deepPages(db: Q, size: number, me: number, runs: number): Promise<DeepPages> {
  const page = deepPageOf(size);
  const sorts: Pick<ListPage, 'sort_by' | 'sort_direction'>[] = [
    { sort_by: 'created_at', sort_direction: 'asc' },
    { sort_by: 'full_name', sort_direction: 'desc' },
  ];
  const out: DeepPages = { page, first: [], deep: [] };
  for (let round = -1; round < runs; round++) {
    for (const sort of sorts) {
      for (const [n, into] of [
        [1, out.first],
        [page, out.deep],
      ] as const) {
        clearCountCache(db);
        const t = performance.now();
        await listJobs(db, {}, { me }, { page_number: n, per_page: 25, ...sort });
        if (round >= 0) into.push(performance.now() - t);
      }
    }
  }
  return out;
}
