/**
 * The job change feed (issue 42): which jobs changed, from every writer. On PostgreSQL the triggers of migration 031
 * NOTIFY at commit and every instance LISTENs (the store's listen: its own connection, reconnecting); on SQLite the
 * triggers note the job on the portal's connection (server/db/change-notes.ts), and another connection's commits
 * (a second instance on the file) are seen by SQLite's data_version, as a resync. A feed per open store, made on
 * first use; its listeners get job ids in batches, or null when notices may have been missed (a lost connection:
 * everything shown should be read again).
 */

import { sql } from 'kysely';
import type { Store } from '../db/database.ts';
import { onChangeNotes } from '../db/change-notes.ts';

/** Changed job ids, or null: notices may have been missed (read everything again). */
export type ChangeListener = (jobIds: number[] | null) => void;

export interface JobChanges {
  /** Listens; answers the function that stops listening. */
  on(fn: ChangeListener): () => void;
  /** How many listen now. */
  readonly listeners: number;
  /**
   * Settles once the feed hears every writer (PostgreSQL: LISTEN done and the schema known); a stream says `ready`
   * only then, so a change made right after is never lost between the two.
   */
  readonly ready: Promise<void>;
}

/** The PostgreSQL channel the triggers notify (payload `<schema>:<job id>`). */
export const JOB_CHANGES_CHANNEL = 'job_changes';

const feeds = new WeakMap<Store, JobChanges>();

/** How often SQLite looks for commits of other connections to its file. */
const OTHER_WRITERS_MS = 500;

/** Notices are gathered this long and sent as one batch (a submission writes several rows of one job). */
const BATCH_MS = 25;

export function jobChanges(store: Store): JobChanges {
  let feed = feeds.get(store);
  if (feed) return feed;
  const fns = new Set<ChangeListener>();
  let ready = Promise.resolve();
  const pending = new Set<number>();
  let timer: NodeJS.Timeout | undefined;
  const send = (ids: number[] | null) => {
    for (const fn of fns) {
      try {
        fn(ids);
      } catch {
        /* a listener's failure is its own */
      }
    }
  };
  const note = (ids: number[]) => {
    for (const id of ids) pending.add(id);
    timer ??= setTimeout(() => {
      timer = undefined;
      const batch = [...pending];
      pending.clear();
      if (batch.length) send(batch);
    }, BATCH_MS);
  };
  if (store.sqlite) {
    const db = store.sqlite;
    onChangeNotes(db, note);
    // Another connection to the file (a second instance, a command) tells nobody which job it changed; SQLite's
    // data_version moves with each of its commits: then everything shown is read again.
    let seen = db.pragma('data_version', { simple: true });
    setInterval(() => {
      if (!db.open || !fns.size) return;
      const now = db.pragma('data_version', { simple: true });
      if (now !== seen) {
        seen = now;
        send(null);
      }
    }, OTHER_WRITERS_MS).unref();
  } else if (store.listen) {
    let schema: string | undefined;
    let listening: () => void = () => undefined;
    const heard = new Promise<void>((resolve) => (listening = resolve));
    const known = sql<{ s: string }>`select current_schema() as s`
      .execute(store.kysely)
      .then((r) => void (schema = r.rows[0]?.s))
      .catch(() => undefined);
    ready = Promise.all([heard, known]).then(() => undefined);
    let lost = false;
    store.listen(JOB_CHANGES_CHANNEL, (payload) => {
      // Lost, and listening again after a loss: whatever changed meanwhile was missed.
      if (payload === null) lost = true;
      if (payload === '') listening();
      if (payload === null || (payload === '' && lost)) return send(null);
      if (payload === '') return;
      const at = payload.lastIndexOf(':');
      const id = Number(payload.slice(at + 1));
      // A notice before the schema is known cannot be told apart from another schema's: everything is read again.
      if (schema === undefined) return send(null);
      if (payload.slice(0, at) === schema && Number.isInteger(id)) note([id]);
    });
  }
  feed = {
    on(fn) {
      fns.add(fn);
      return () => fns.delete(fn);
    },
    get listeners() {
      return fns.size;
    },
    ready,
  };
  feeds.set(store, feed);
  return feed;
}
