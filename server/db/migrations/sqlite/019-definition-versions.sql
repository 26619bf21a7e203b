-- Definition versions (issue 19): each distinct program definition the portal loads (its program.yaml, the
-- shared definitions and the forms it uses), stored once by the hash of those files, with when it was
-- first loaded; jobs.pinned_version names the version a job is evaluated under (NULL: the current one).
CREATE TABLE definition_versions (
  hash TEXT PRIMARY KEY,
  program_id TEXT NOT NULL,
  first_loaded_at TEXT NOT NULL,
  files TEXT NOT NULL
);
CREATE INDEX definition_versions_program ON definition_versions (program_id, first_loaded_at);
ALTER TABLE jobs ADD COLUMN pinned_version TEXT;
CREATE INDEX jobs_pinned_version ON jobs (program_id, pinned_version);
