/**
 * Keyset paging of the jobs list (issue 47): GET /api/jobs answers next_cursor and previous_cursor, and a page asked
 * `after` or `before` one is the page the offset would give, in every sort, both directions, for ops and for a
 * contractor (whose list starts with its work), on both backends; ties in the sort are broken by id as the offset's
 * pages break them. A cursor that is not this list's is refused with a clear 400 and changes nothing.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.ts';
import { createJob } from './fixtures.ts';
import { dbRun } from '../support/db.ts';

let s: TestServer;
const SORTS = ['created_at', 'full_name', 'days_in_stage', 'stage', 'updated_at'] as const;
type Who = 'ops' | 'contractor_a';

interface Page {
  items: { id: number }[];
  total: number;
  next_cursor: string | null;
  previous_cursor: string | null;
}
const get = async (as: Who, query: Record<string, string | number>) => {
  const search = new URLSearchParams({ q: 'Cursorly', per_page: '2', ...query } as Record<string, string>);
  return s.api('GET', `${as === 'ops' ? '/api/jobs/internal' : '/api/jobs'}?${search}`, { as });
};
const page = async (as: Who, query: Record<string, string | number>) => {
  const r = await get(as, query);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as Page;
};
const ids = (p: Page) => p.items.map((i) => i.id);

beforeAll(async () => {
  s = await startServer();
  // Seven jobs, names and stages repeating (ties the id must break), one ineligible and one with nothing open (the
  // contractor's work-first groups).
  const made: number[] = [];
  for (const first of ['Ana', 'Bo', 'Ana', 'Cy', 'Bo', 'Ana', 'Di'])
    made.push((await createJob(s, 'contractor_a', { first_name: first, last_name: 'Cursorly' })).id);
  await dbRun(s.deps, `UPDATE jobs SET eligibility = 'ineligible', is_eligible = 0 WHERE id = ?`, made[1]);
  await dbRun(s.deps, `UPDATE jobs SET action_owners = '' WHERE id = ?`, made[4]);
  await dbRun(s.deps, `UPDATE jobs SET stage = 2 WHERE id IN (?, ?)`, made[2], made[5]);
  // Equal instants too.
  await dbRun(
    s.deps,
    `UPDATE jobs SET created_at = (SELECT created_at FROM jobs WHERE id = ?) WHERE id = ?`,
    made[0],
    made[3],
  );
});
afterAll(() => s.close());

describe('GET /api/jobs with a cursor', () => {
  for (const as of ['ops', 'contractor_a'] as const)
    for (const sort_by of SORTS)
      for (const sort_direction of ['asc', 'desc'] as const)
        it(`walks ${as}'s list by ${sort_by} ${sort_direction} forwards and back as the offset pages it`, async () => {
          const sort = { sort_by, sort_direction };
          const first = await page(as, sort);
          expect(first.total).toBe(7);
          expect(first.previous_cursor).toBeNull();
          const byOffset = [ids(first)];
          for (let n = 2; n <= 4; n++) byOffset.push(ids(await page(as, { ...sort, page_number: n })));
          // Forwards by next_cursor, page by page, to the last (whose next_cursor is null).
          const forwards = [first];
          for (let n = 2; n <= 4; n++)
            forwards.push(await page(as, { ...sort, page_number: n, after: forwards.at(-1)!.next_cursor! }));
          expect(forwards.map(ids)).toEqual(byOffset);
          expect(forwards.at(-1)!.next_cursor).toBeNull();
          // Back by previous_cursor from the last page to the first.
          const back = [forwards.at(-1)!];
          for (let n = 3; n >= 1; n--)
            back.unshift(await page(as, { ...sort, page_number: n, before: back[0].previous_cursor! }));
          expect(back.map(ids)).toEqual(byOffset);
          expect(back[0].previous_cursor).toBeNull();
        });

  it("refuses a cursor that is not this list's, or not a cursor at all, with a 400 that says what to do", async () => {
    const p1 = await page('ops', { sort_by: 'full_name', sort_direction: 'asc' });
    const cursor = p1.next_cursor!;
    const refused = async (query: Record<string, string | number>, as: Who = 'ops') => {
      const r = await get(as, query);
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect((r.body as { code: string }).code).toBe('invalid_query');
      return (r.body as { detail: string }).detail;
    };
    // Another sort, another direction, another role's list (the contractor's starts with its work).
    expect(await refused({ sort_by: 'created_at', after: cursor })).toMatch(
      /'after' is not a page cursor of this list/,
    );
    expect(await refused({ sort_by: 'full_name', sort_direction: 'desc', before: cursor })).toMatch(
      /'before' is not a page cursor of this list.*first page/,
    );
    expect(await refused({ sort_by: 'full_name', after: cursor }, 'contractor_a')).toMatch(/not a page cursor/);
    expect(await refused({ sort_by: 'full_name', after: cursor, before: cursor })).toBe(
      "Query parameters 'after' and 'before' cannot be used together",
    );
    const forged = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    for (const bad of [
      'not-a-cursor',
      forged(['full_name', 'asc', null, "x' OR 1=1 --"]), // no id
      forged(['full_name', 'asc', null, { a: 1 }, 3]),
      forged(['full_name', 'asc', null, 'Ana', 1.5]),
      forged({ sort_by: 'full_name' }),
    ])
      expect(await refused({ sort_by: 'full_name', after: bad })).toMatch(/not a page cursor/);
    expect((await get('ops', { after: '%%%' })).status).toBe(400);
  });

  it('takes a forged cursor of the right shape as a row to start after, nothing more', async () => {
    const forged = Buffer.from(JSON.stringify(['full_name', 'asc', null, "'; DROP TABLE jobs; --", 0])).toString(
      'base64url',
    );
    const p = await page('ops', { sort_by: 'full_name', after: forged });
    // Every name sorts after a quote: the whole list follows it.
    expect(p.items).toHaveLength(2);
    expect((await page('ops', {})).total).toBe(7);
  });
});
