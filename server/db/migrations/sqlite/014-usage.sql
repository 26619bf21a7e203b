-- Energy usage collection (spec sect. 4): one collection per job, its nine steps (JSON: status, time,
-- detail, failure of each), the meters the utility data service identified, and the usage it returned:
-- one row per meter and reading start, so a retried or resumed collection rewrites the same rows. The
-- homeowner's collection link is stored as the SHA-256 of its token. jobs.usage_facts holds what rules
-- read as usage.<name> (the derived profile among them).
CREATE TABLE usage_collections (
  id INTEGER PRIMARY KEY,
  job_id INTEGER NOT NULL UNIQUE REFERENCES jobs(id),
  task_id TEXT NOT NULL,
  token_hash TEXT UNIQUE,
  token_expires_at TEXT,
  authorization_id TEXT,
  authorization_url TEXT,
  consent INTEGER,
  steps TEXT NOT NULL,
  meters TEXT NOT NULL DEFAULT '[]',
  invites INTEGER NOT NULL DEFAULT 0,
  checks INTEGER NOT NULL DEFAULT 0,
  runs INTEGER NOT NULL DEFAULT 0,
  runs_done INTEGER NOT NULL DEFAULT 0,
  subscribed_at TEXT,
  processed_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE usage_readings (
  collection_id INTEGER NOT NULL REFERENCES usage_collections(id),
  meter_id TEXT NOT NULL,
  service TEXT NOT NULL,
  start TEXT NOT NULL,
  seconds INTEGER NOT NULL,
  value REAL NOT NULL,
  unit TEXT NOT NULL,
  PRIMARY KEY (collection_id, meter_id, start)
);

ALTER TABLE jobs ADD COLUMN usage_facts TEXT;
