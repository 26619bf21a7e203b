/**
 * The re-evaluation's stamp (server/db/refresh.db.ts stampEvaluated): the day and hash written on the jobs whose
 * outcome held, each only if it was not written since it was read (its updated_at as read), on both backends (on
 * PostgreSQL one statement, the pairs joined as arrays).
 */

import { describe, expect, it } from 'vitest';
import { stampEvaluated } from '../../server/db/refresh.db.ts';
import { backends, jobRow, storesOfFile } from './backends.ts';

const { fresh } = storesOfFile();

describe.each(backends())('the re-evaluation stamp on %s', (backend) => {
  it('stamps the jobs as read, and leaves one written since', async () => {
    const db = (await fresh(backend)).kysely;
    const ids: number[] = [];
    for (let i = 0; i < 130; i++)
      ids.push(
        (
          await db
            .insertInto('jobs')
            .values(jobRow('ST', i, {}))
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    const read = await db.selectFrom('jobs').select(['id', 'updated_at']).orderBy('id').execute();
    // Written since it was read: its updated_at moved.
    await db.updateTable('jobs').set({ updated_at: '2026-06-02T00:00:00.000Z' }).where('id', '=', ids[7]).execute();
    expect(await stampEvaluated(db, [], 'h0', '2026-06-03')).toBe(0);
    expect(await stampEvaluated(db, read, 'h1', '2026-06-03')).toBe(129);
    const rows = await db
      .selectFrom('jobs')
      .select(['id', 'evaluated_on', 'definition_hash', 'updated_at'])
      .orderBy('id')
      .execute();
    expect(rows.filter((r) => r.evaluated_on === '2026-06-03' && r.definition_hash === 'h1').map((r) => r.id)).toEqual(
      ids.filter((id) => id !== ids[7]),
    );
    expect(rows.find((r) => r.id === ids[7])).toEqual({
      id: ids[7],
      evaluated_on: null,
      definition_hash: null,
      updated_at: '2026-06-02T00:00:00.000Z',
    });
    // The stamp leaves updated_at as it was.
    expect(rows.filter((r) => r.id !== ids[7]).every((r) => r.updated_at === read[0].updated_at)).toBe(true);
  });
});
