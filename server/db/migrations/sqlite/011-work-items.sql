-- The durable work queue every background workflow uses (mail, document generation, utility data,
-- payments): one row per unit of work, unique by its idempotency key (enqueuing the same work twice is
-- one row), leased by one worker at a time until lease_until, retried with backoff, and dead after its
-- last attempt until ops retry it. state: ready | leased | done | dead. Times are ISO-8601 text.
-- SQLite leases with one UPDATE ... RETURNING (a statement holds the write lock); PostgreSQL's twin
-- selects with FOR UPDATE SKIP LOCKED, so instances sharing the database never take the same row.
CREATE TABLE work_items (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  idempotency_key TEXT NOT NULL UNIQUE,
  payload TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'ready',
  attempts INTEGER NOT NULL DEFAULT 0,
  max_attempts INTEGER NOT NULL,
  run_at TEXT NOT NULL,
  lease_owner TEXT,
  lease_until TEXT,
  last_error TEXT,
  result TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX work_items_due ON work_items (state, run_at);
