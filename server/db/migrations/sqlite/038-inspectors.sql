-- sqlite: foreign keys off
-- Inspectors (issue 43): third-party inspectors sign in as users of a role of their own, and see only the inspections
-- ops assigned to them. SQLite cannot change the role's CHECK in place: users is copied (its id and every row kept).
CREATE TABLE users_new (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  name TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('ops', 'contractor', 'homeowner', 'inspector')),
  contractor_id INTEGER REFERENCES contractors(id),
  password_hash TEXT,
  created_at TEXT NOT NULL
);
INSERT INTO users_new (id, email, name, role, contractor_id, password_hash, created_at)
  SELECT id, email, name, role, contractor_id, password_hash, created_at FROM users;
DROP TABLE users;
ALTER TABLE users_new RENAME TO users;
CREATE INDEX users_email_lower ON users (lower(email));

-- Who inspects a sampled review of a job: one inspector at a time; ops assign and reassign (each in the job's history).
CREATE TABLE quality_assignments (
  job_id INTEGER NOT NULL REFERENCES jobs(id),
  review_id TEXT NOT NULL,
  inspector_id INTEGER NOT NULL REFERENCES users(id),
  assigned_at TEXT NOT NULL,
  assigned_by INTEGER REFERENCES users(id),
  PRIMARY KEY (job_id, review_id)
);
CREATE INDEX quality_assignments_inspector ON quality_assignments (inspector_id, assigned_at);
