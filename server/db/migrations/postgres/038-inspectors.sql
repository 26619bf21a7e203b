-- Inspectors (issue 43): third-party inspectors sign in as users of a role of their own, and see only the inspections
-- ops assigned to them.
ALTER TABLE users DROP CONSTRAINT users_role_check;
ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('ops', 'contractor', 'homeowner', 'inspector'));

-- Who inspects a sampled review of a job: one inspector at a time; ops assign and reassign (each in the job's history).
CREATE TABLE quality_assignments (
  job_id INTEGER NOT NULL REFERENCES jobs(id),
  review_id TEXT COLLATE "C" NOT NULL,
  inspector_id INTEGER NOT NULL REFERENCES users(id),
  assigned_at TEXT COLLATE "C" NOT NULL,
  assigned_by INTEGER REFERENCES users(id),
  PRIMARY KEY (job_id, review_id)
);
CREATE INDEX quality_assignments_inspector ON quality_assignments (inspector_id, assigned_at);
