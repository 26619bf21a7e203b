-- Uploaded files: the bytes live in file storage under a generated name; this is their record.
CREATE TABLE attachments (
  id TEXT COLLATE "C" PRIMARY KEY,
  job_id INTEGER NOT NULL REFERENCES jobs(id),
  task_id TEXT COLLATE "C" NOT NULL,
  field TEXT COLLATE "C" NOT NULL,
  name TEXT COLLATE "C" NOT NULL,
  content_type TEXT COLLATE "C" NOT NULL,
  size_bytes INTEGER NOT NULL,
  stored_name TEXT COLLATE "C" NOT NULL,
  lat DOUBLE PRECISION,
  lon DOUBLE PRECISION,
  taken_at TEXT COLLATE "C",
  created_by INTEGER REFERENCES users(id),
  created_at TEXT COLLATE "C" NOT NULL,
  deleted_at TEXT COLLATE "C"
);
CREATE INDEX attachments_job ON attachments (job_id, created_at);
