-- Paying more than the rules allow (issue 41): an ops user asks, with a reason, to pay a job up to an amount above
-- its rebate; a second ops user approves or declines it (four eyes). Rows are never deleted: the history of asks.
CREATE TABLE payment_overrides (
  id INTEGER PRIMARY KEY,
  job_id INTEGER NOT NULL REFERENCES jobs(id),
  amount_cents INTEGER NOT NULL,
  limit_cents INTEGER NOT NULL,
  reason TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'requested',
  requested_by INTEGER NOT NULL REFERENCES users(id),
  requested_at TEXT NOT NULL,
  decided_by INTEGER REFERENCES users(id),
  decided_at TEXT,
  decision_note TEXT
);
CREATE INDEX payment_overrides_job ON payment_overrides (job_id, id);
