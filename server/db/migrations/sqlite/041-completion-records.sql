-- A paid job's completion record (issue 44): one PDF per job, issued by the worker once the job is paid, listing every
-- file it covers with its SHA-256; its own SHA-256 is checkable at the public /verify/<hash> page. `covers` is what the
-- verify page may say (JSON: the program's name, counts, the listed files' kinds and hashes; nothing personal).
CREATE TABLE completion_records (
  job_id INTEGER PRIMARY KEY REFERENCES jobs(id),
  sha256 TEXT NOT NULL,
  file_name TEXT NOT NULL,
  size_bytes INTEGER NOT NULL,
  issued_at TEXT NOT NULL,
  covers TEXT NOT NULL
);
CREATE UNIQUE INDEX completion_records_sha256 ON completion_records (sha256);
CREATE TRIGGER completion_records_changed_insert AFTER INSERT ON completion_records BEGIN SELECT rebate_job_changed(NEW.job_id); END;
