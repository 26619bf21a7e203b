-- Homeowners brought onto the portal (issue 16): an invitation mailed from a job with the tasks sent to the
-- homeowner; its one-time link (stored as a sha256 hash) creates or links the homeowner's account to the
-- job. jobs.homeowner_tasks is the union of the tasks sent by the invitations the homeowner accepted: the
-- homeowner sees exactly those (NULL: every homeowner task, as for a homeowner linked without an invitation).
CREATE TABLE homeowner_invites (
  id INTEGER PRIMARY KEY,
  job_id INTEGER NOT NULL REFERENCES jobs(id),
  email TEXT NOT NULL,
  tasks TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  expires_at TEXT NOT NULL,
  sent_by INTEGER REFERENCES users(id),
  created_at TEXT NOT NULL,
  used_at TEXT,
  user_id INTEGER REFERENCES users(id)
);
CREATE INDEX homeowner_invites_job ON homeowner_invites(job_id);
ALTER TABLE jobs ADD COLUMN homeowner_tasks TEXT;
