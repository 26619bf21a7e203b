-- The roles with an open task on each job (what the jobs list's "action owner" filter asks), one row per
-- job and role, carrying the job's is_canceled, stage and created_at: the filter's page walks an index in
-- creation order and its per-stage counts read an index only, instead of testing every job's list.
-- jobs.action_owners stays what lists show; the db module writes both together.
CREATE TABLE job_action_owners (
  role TEXT COLLATE "C" NOT NULL,
  job_id INTEGER NOT NULL REFERENCES jobs(id),
  is_canceled INTEGER NOT NULL,
  stage INTEGER NOT NULL,
  created_at TEXT COLLATE "C" NOT NULL,
  PRIMARY KEY (role, job_id)
);
CREATE INDEX job_action_owners_job ON job_action_owners (job_id);
CREATE INDEX job_action_owners_created ON job_action_owners (role, is_canceled, created_at);
CREATE INDEX job_action_owners_stage ON job_action_owners (role, is_canceled, stage);

INSERT INTO job_action_owners (role, job_id, is_canceled, stage, created_at)
  SELECT r, j.id, j.is_canceled, j.stage, j.created_at FROM jobs j, unnest(string_to_array(trim(both ',' from j.action_owners), ',')) AS r
  WHERE j.action_owners <> '';
