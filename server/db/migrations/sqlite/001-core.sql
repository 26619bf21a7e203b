-- Core tables: users and sessions, contractors, jobs and their tasks, history.
CREATE TABLE contractors (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  address TEXT,
  city TEXT,
  phone TEXT,
  email TEXT,
  primary_contact TEXT,
  program_id TEXT,
  created_at TEXT NOT NULL,
  deleted_at TEXT
);

CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  name TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('ops', 'contractor', 'homeowner')),
  contractor_id INTEGER REFERENCES contractors(id),
  password_hash TEXT,
  created_at TEXT NOT NULL
);

-- Opaque bearer tokens, stored as sha256 hashes. kind: session | login (one-time) | reset (one-time).
CREATE TABLE tokens (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  kind TEXT NOT NULL CHECK (kind IN ('session', 'login', 'reset')),
  expires_at TEXT NOT NULL,
  used_at TEXT,
  created_at TEXT NOT NULL
);

CREATE TABLE login_failures (
  key TEXT NOT NULL,
  at TEXT NOT NULL
);
CREATE INDEX login_failures_key ON login_failures (key, at);

CREATE TABLE jobs (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,
  external_id TEXT,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  full_name TEXT NOT NULL,
  email TEXT,
  phone_number TEXT,
  address TEXT NOT NULL,
  city TEXT,
  county TEXT,
  state TEXT,
  zip TEXT,
  lat REAL,
  lon REAL,
  electric_utility TEXT,
  gas_utility TEXT,
  place_id TEXT,
  contractor_id INTEGER REFERENCES contractors(id),
  homeowner_user_id INTEGER REFERENCES users(id),
  program_id TEXT NOT NULL,
  -- What the engine last said (re-evaluated on every change), kept for lists, filters and counts.
  stage INTEGER NOT NULL DEFAULT 1,
  stage_key TEXT,
  tab TEXT,
  eligibility TEXT NOT NULL DEFAULT 'pending_more_information',
  is_eligible INTEGER NOT NULL DEFAULT 0,
  action_owners TEXT NOT NULL DEFAULT '',
  has_contractor_task_exception INTEGER NOT NULL DEFAULT 0,
  has_ops_task_exception INTEGER NOT NULL DEFAULT 0,
  rebate_min_cents INTEGER,
  rebate_max_cents INTEGER,
  rebate_final_cents INTEGER,
  definition_hash TEXT,
  stage_entered_at TEXT NOT NULL,
  -- Job facts and actions.
  is_canceled INTEGER NOT NULL DEFAULT 0,
  cancel_reason TEXT,
  cancel_note TEXT,
  is_deemed INTEGER NOT NULL DEFAULT 0,
  ops_marked_ineligible INTEGER NOT NULL DEFAULT 0,
  claimed_by INTEGER REFERENCES users(id),
  created_by INTEGER REFERENCES users(id),
  submitted_by INTEGER REFERENCES users(id),
  submitted_at TEXT,
  ops_owner INTEGER REFERENCES users(id),
  exception_notes TEXT,
  submit_terms_id INTEGER,
  install_terms_id INTEGER,
  cloned_from INTEGER,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
-- Lists filter by company and stage and sort by creation; the covering index serves the stage tabs' counts.
CREATE INDEX jobs_list ON jobs (is_canceled, stage, created_at);
CREATE INDEX jobs_contractor ON jobs (contractor_id, is_canceled, stage, created_at);
CREATE INDEX jobs_summary ON jobs (is_canceled, contractor_id, program_id, stage);
CREATE INDEX jobs_homeowner ON jobs (homeowner_user_id);
CREATE INDEX jobs_dup ON jobs (last_name, address);

CREATE TABLE job_tasks (
  job_id INTEGER NOT NULL REFERENCES jobs(id),
  task_id TEXT NOT NULL,
  status TEXT CHECK (status IN ('IN_PROGRESS', 'COMPLETE')),
  data TEXT,
  -- Unsubmitted edits of a COMPLETE task: the submitted data stays what rules read until resubmitted.
  draft TEXT,
  owner_override TEXT,
  exceptions TEXT,
  version INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT,
  updated_by INTEGER,
  PRIMARY KEY (job_id, task_id)
) WITHOUT ROWID;

CREATE TABLE history (
  id INTEGER PRIMARY KEY,
  job_id INTEGER NOT NULL REFERENCES jobs(id),
  type TEXT NOT NULL,
  user_id INTEGER REFERENCES users(id),
  at TEXT NOT NULL,
  detail TEXT
);
CREATE INDEX history_job ON history (job_id, at);

-- The local geocoding adapter's table: place id -> address, county, zip, utilities.
CREATE TABLE places (
  place_id TEXT PRIMARY KEY,
  address TEXT NOT NULL,
  city TEXT,
  county TEXT,
  state TEXT,
  zip TEXT,
  lat REAL,
  lon REAL,
  electric_utility TEXT,
  gas_utility TEXT
);

-- The local mail adapter: an outbox ops can read.
CREATE TABLE outbox (
  id INTEGER PRIMARY KEY,
  to_address TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE preferences (
  user_id INTEGER PRIMARY KEY REFERENCES users(id),
  data TEXT NOT NULL
);

CREATE TABLE feature_flags (
  name TEXT PRIMARY KEY,
  enabled INTEGER NOT NULL
);
