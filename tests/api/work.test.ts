/**
 * Background work ops see and retry (GET /api/work/dead, POST /api/work/{id}/retry): an item out of
 * attempts is listed with its last error and without its payload; a retry makes it ready now with its
 * attempts counted afresh; retrying what is not dead is a 409 that changes nothing; other roles are
 * refused (the access matrix checks every role).
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueWork, failWork, leaseWork, workItem } from '../../server/db/work.db.ts';
import { startServer, type TestServer } from './harness.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

describe('dead background work', () => {
  it('is listed for ops with its last error, retried once, and a second retry is a 409', async () => {
    const db = s.deps.db;
    const now = s.deps.now();
    const { id } = await enqueueWork(db, {
      kind: 'mail',
      key: 'api-dead',
      payload: { secret: 'internal' },
      now,
      max_attempts: 1,
    });
    const alive = await enqueueWork(db, {
      kind: 'mail',
      key: 'api-alive',
      payload: null,
      now: new Date(now.getTime() + 3_600_000),
    });
    await leaseWork(db, { owner: 'w', now, lease_ms: 1_000, kinds: ['mail'] });
    expect(await failWork(db, id, 'w', now, 'SMTP 550 mailbox unavailable')).toBe('dead');

    const list = await s.api('GET', '/api/work/dead', { as: 'ops' });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({
        id,
        kind: 'mail',
        state: 'dead',
        attempts: 1,
        max_attempts: 1,
        last_error: 'SMTP 550 mailbox unavailable',
      }),
    ]);
    expect(JSON.stringify(list.body)).not.toContain('internal');
    expect((await s.api('GET', '/api/work/dead', { as: 'contractor_a' })).status).toBe(403);
    expect((await s.api('POST', `/api/work/${id}/retry`, { as: 'contractor_a' })).status).toBe(403);

    const retried = await s.api('POST', `/api/work/${id}/retry`, { as: 'ops' });
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ id, state: 'ready', attempts: 0 });
    expect((await s.api('GET', '/api/work/dead', { as: 'ops' })).body).toEqual([]);

    const again = await s.api('POST', `/api/work/${id}/retry`, { as: 'ops' });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('This work item is ready, not dead: only dead work can be retried.');
    expect(await workItem(db, alive.id)).toMatchObject({ state: 'ready', attempts: 0 });
    expect((await s.api('POST', '/api/work/2000000000/retry', { as: 'ops' })).status).toBe(404);
  });
});
