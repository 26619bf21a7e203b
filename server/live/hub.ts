/**
 * The open streams of an instance (issue 42), fed by the job change feed: each batch of changed jobs is looked up once
 * (who may see each: its company and homeowner) and every subscriber gets the ids it may read, never others.
 */

import type { AuthUser, Deps } from '../context.ts';
import type { Store } from '../db/database.ts';
import { canSeeJob } from '../services/access.ts';
import { jobsFollowed } from '../services/task-extensions.ts';

/** The roles that read jobs themselves (access.ts canSeeJob decides which); others follow jobs through a workflow. */
const JOB_READERS = new Set(['contractor', 'homeowner']);
import { jobChanges } from './job-changes.ts';

/** What a subscriber is told: the changed jobs it may read, or null (read everything again). */
export type Subscriber = (jobIds: number[] | null) => void;

interface Sub {
  user: AuthUser;
  /** Ends the subscriber's stream (the instance is stopping). */
  end: () => void;
}

interface Hub {
  subs: Map<Subscriber, Sub>;
  stop?: () => void;
}

const hubs = new WeakMap<Store, Hub>();

async function fanOut(deps: Deps, hub: Hub, ids: number[] | null): Promise<void> {
  if (!hub.subs.size) return;
  if (ids === null) {
    for (const fn of hub.subs.keys()) fn(null);
    return;
  }
  const needRows = [...hub.subs.values()].some((x) => x.user.role !== 'ops');
  const rows = needRows
    ? await deps.store.kysely
        .selectFrom('jobs')
        .select(['id', 'contractor_id', 'homeowner_user_id'])
        .where('id', 'in', ids)
        .execute()
    : ids.map((id) => ({ id, contractor_id: null, homeowner_user_id: null }));
  for (const [fn, { user }] of hub.subs) {
    const mine =
      user.role === 'ops'
        ? ids
        : JOB_READERS.has(user.role)
          ? rows.filter((r) => canSeeJob(user, r)).map((r) => r.id)
          : await jobsFollowed(deps, user, ids);
    if (mine.length) fn(mine);
  }
}

/** Subscribes a user's stream (`end` ends it when the instance stops); answers the function that unsubscribes. */
export function subscribe(deps: Deps, user: AuthUser, fn: Subscriber, end: () => void): () => void {
  let hub = hubs.get(deps.store);
  if (!hub) {
    const h: Hub = { subs: new Map() };
    hubs.set(deps.store, (hub = h));
    h.stop = jobChanges(deps.store).on((ids) => {
      fanOut(deps, h, ids).catch((e: unknown) => deps.log({ msg: 'live feed lookup failed', error: String(e) }));
    });
  }
  const h = hub;
  h.subs.set(fn, { user, end });
  return () => {
    h.subs.delete(fn);
  };
}

/** Ends every open stream of a store: an instance stopping (its server closes once no connection is open). */
export function endStreams(store: Store): void {
  for (const { end } of [...(hubs.get(store)?.subs.values() ?? [])]) end();
}

/** How many streams are open on a store (the bench reads it). */
export const openStreams = (store: Store) => hubs.get(store)?.subs.size ?? 0;
