-- Definition versions (issue 19): each distinct program definition the portal loads (its program.yaml, the
-- shared definitions and the forms it uses), stored once by the hash of those files, with when it was
-- first loaded; jobs.pinned_version names the version a job is evaluated under (NULL: the current one).
CREATE TABLE definition_versions (
  hash TEXT COLLATE "C" PRIMARY KEY,
  program_id TEXT COLLATE "C" NOT NULL,
  first_loaded_at TEXT COLLATE "C" NOT NULL,
  files TEXT NOT NULL
);
CREATE INDEX definition_versions_program ON definition_versions (program_id, first_loaded_at);
ALTER TABLE jobs ADD COLUMN pinned_version TEXT COLLATE "C";
CREATE INDEX jobs_pinned_version ON jobs (program_id, pinned_version);
