-- The roles with an open task on each job (what the jobs list's "action owner" filter asks), one row per
-- job and role, so the filter reads an index instead of scanning a comma-framed list in every row.
-- jobs.action_owners stays what lists show; the db module writes both together.
CREATE TABLE job_action_owners (
  role TEXT NOT NULL,
  job_id INTEGER NOT NULL REFERENCES jobs(id),
  PRIMARY KEY (role, job_id)
);
CREATE INDEX job_action_owners_job ON job_action_owners (job_id);

INSERT INTO job_action_owners (role, job_id)
  SELECT r, j.id FROM jobs j, unnest(string_to_array(trim(both ',' from j.action_owners), ',')) AS r
  WHERE j.action_owners <> '';
