-- Budgets (issue 41): a program's money per territory ('' for the whole program). A budget row is what a write locks
-- to serialize its reservations; every balance is a sum of its entries, which are only ever appended. The waitlist
-- keeps the jobs waiting for money in order (id); a row leaves it once, promoted or withdrawn.
CREATE TABLE budgets (
  id INTEGER PRIMARY KEY,
  program_id TEXT NOT NULL,
  territory TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (program_id, territory)
);
CREATE TABLE budget_entries (
  id INTEGER PRIMARY KEY,
  budget_id INTEGER NOT NULL REFERENCES budgets(id),
  job_id INTEGER REFERENCES jobs(id),
  kind TEXT NOT NULL,
  amount_cents INTEGER NOT NULL,
  reason TEXT,
  user_id INTEGER REFERENCES users(id),
  expires_at TEXT,
  at TEXT NOT NULL
);
CREATE INDEX budget_entries_budget ON budget_entries (budget_id, kind);
CREATE INDEX budget_entries_job ON budget_entries (job_id, id);
CREATE TABLE budget_waitlist (
  id INTEGER PRIMARY KEY,
  budget_id INTEGER NOT NULL REFERENCES budgets(id),
  job_id INTEGER NOT NULL REFERENCES jobs(id),
  amount_cents INTEGER NOT NULL,
  queued_at TEXT NOT NULL,
  left_at TEXT,
  outcome TEXT
);
CREATE INDEX budget_waitlist_open ON budget_waitlist (budget_id, left_at, id);
CREATE INDEX budget_waitlist_job ON budget_waitlist (job_id, id);
