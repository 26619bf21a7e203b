/**
 * SQLite's side of the job change feed (issue 42): the triggers of migration 031 call rebate_job_changed(job id), a
 * function registered on each connection the portal opens. It notes the job; once the connection is out of its
 * transaction (the write committed, or rolled back: a needless refresh, never a missed one) the noted jobs go to the
 * connection's sink, if the feed set one (server/live/job-changes.ts). PostgreSQL's triggers NOTIFY instead.
 */

import type Database from 'better-sqlite3';

type Sink = (jobIds: number[]) => void;

interface Notes {
  sink?: Sink;
  pending: Set<number>;
  scheduled: boolean;
}

const notesOf = new WeakMap<Database.Database, Notes>();

function flush(db: Database.Database, n: Notes): void {
  // Still inside the write's transaction: its rows are not there for a reader yet.
  if (db.open && db.inTransaction) {
    setTimeout(() => flush(db, n), 5).unref();
    return;
  }
  n.scheduled = false;
  const ids = [...n.pending];
  n.pending.clear();
  if (ids.length && n.sink) n.sink(ids);
}

/** Registers rebate_job_changed on a connection (before its migrations: the triggers need it on every write). */
export function registerChangeNotes(db: Database.Database): void {
  const n: Notes = { pending: new Set(), scheduled: false };
  notesOf.set(db, n);
  db.function('rebate_job_changed', { deterministic: false }, (id: unknown) => {
    if (!n.sink || (typeof id !== 'number' && typeof id !== 'bigint')) return null;
    n.pending.add(Number(id));
    if (!n.scheduled) {
      n.scheduled = true;
      setImmediate(() => flush(db, n));
    }
    return null;
  });
}

/** Sends the connection's changed jobs to `sink` from now on (one sink per connection: the feed's). */
export function onChangeNotes(db: Database.Database, sink: Sink | undefined): void {
  const n = notesOf.get(db);
  if (n) n.sink = sink;
}
