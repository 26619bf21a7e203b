-- Rebate payments (spec sect. 4): the payable created in the accounts-payment system once payment is
-- approved, one per job and attempt (a rejected payable is followed by a new one when payment is approved
-- again), under an idempotency key the system answers the same payable for, so a retried or resumed
-- creation never pays twice; and what the system said about it.
CREATE TABLE payments (
  id INTEGER PRIMARY KEY,
  job_id INTEGER NOT NULL REFERENCES jobs(id),
  attempt INTEGER NOT NULL,
  idempotency_key TEXT NOT NULL UNIQUE,
  amount_cents INTEGER NOT NULL,
  invoiced_at TEXT NOT NULL,
  payable_id TEXT,
  status TEXT NOT NULL DEFAULT 'creating',
  decided_at TEXT,
  paid_at TEXT,
  payment_reference TEXT,
  rejection_reason TEXT,
  checks INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (job_id, attempt)
);
