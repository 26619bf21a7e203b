-- Uploaded files: the bytes live in file storage under a generated name; this is their record.
CREATE TABLE attachments (
  id TEXT PRIMARY KEY,
  job_id INTEGER NOT NULL REFERENCES jobs(id),
  task_id TEXT NOT NULL,
  field TEXT NOT NULL,
  name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size_bytes INTEGER NOT NULL,
  stored_name TEXT NOT NULL,
  lat DOUBLE PRECISION,
  lon DOUBLE PRECISION,
  taken_at TEXT,
  created_by INTEGER REFERENCES users(id),
  created_at TEXT NOT NULL,
  deleted_at TEXT
);
CREATE INDEX attachments_job ON attachments (job_id, created_at);
