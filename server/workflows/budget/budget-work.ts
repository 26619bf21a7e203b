/** The budget's background work: a reservation expires on the durable worker when its hold runs out. */

import { inTransaction, type Deps } from '../../context.ts';
import * as jobsDb from '../../db/jobs.db.ts';
import type { WorkHandler } from '../../worker.ts';
import * as db from './budget.db.ts';
import { expireReservation } from './ledger.service.ts';
import { BUDGET_WORK } from './work-kinds.ts';

/** Worker: releases the reservation of entry `entry_id` if it still holds (doing it twice changes nothing). */
async function expire(deps: Deps, p: { entry_id: number }) {
  return inTransaction(deps, async (deps) => {
    const e = await db.entryById(deps.db, p.entry_id);
    if (!e?.job_id) return { skipped: 'no such reservation' };
    const job = await jobsDb.getJob(deps.db, e.job_id);
    if (!job) return { skipped: 'no such job' };
    const released = await expireReservation(deps, e.id, job);
    return released ? { released: e.id } : { skipped: 'no longer held' };
  });
}

/** The worker's handlers of budgets, over the app's dependencies. */
export function budgetHandlers(deps: Deps): Record<string, WorkHandler> {
  return {
    [BUDGET_WORK.expire]: (item, q) => expire({ ...deps, db: q }, item.data as { entry_id: number }),
  };
}
