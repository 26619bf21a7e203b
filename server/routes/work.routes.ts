/** Background work ops see and retry: items out of attempts (dead), and a retry of one. */

import { route } from './declare.ts';
import { DEAD_WORK, WORK_ITEM } from '../../engine/api/misc.ts';
import type { AppRouter } from '../context.ts';
import { conflict, notFound } from '../errors.ts';
import { deadWork, retryDeadWork, workItem, type WorkItem } from '../db/work.db.ts';
import { idParam } from './params.ts';

/** An item without its payload (internal to the worker). */
const shown = ({ id, kind, state, attempts, max_attempts, run_at, last_error, created_at, updated_at }: WorkItem) => ({
  id,
  kind,
  state,
  attempts,
  max_attempts,
  run_at,
  last_error,
  created_at,
  updated_at,
});

export function workRoutes(router: AppRouter): void {
  route(
    router,
    {
      method: 'get',
      path: '/api/work/dead',
      ability: 'work.manage',
      tag: 'work',
      summary: 'Background work out of attempts (newest first), with its last error',
      response: DEAD_WORK,
    },
    async (ctx) => {
      ctx.body = (await deadWork(ctx.deps.db, 100)).map(shown);
    },
  );
  route(
    router,
    {
      method: 'post',
      path: '/api/work/:id/retry',
      ability: 'work.manage',
      tag: 'work',
      summary: 'Retry a dead item now, its attempts counted afresh',
      errors: [404, 409],
      response: WORK_ITEM,
      noBody: true,
    },
    async (ctx) => {
      const id = idParam(ctx);
      const item = await workItem(ctx.deps.db, id);
      if (!item) throw notFound('No such work item');
      if (!(await retryDeadWork(ctx.deps.db, id, ctx.deps.now())))
        throw conflict(`This work item is ${item.state}, not dead: only dead work can be retried.`);
      ctx.body = shown((await workItem(ctx.deps.db, id))!);
    },
  );
}
