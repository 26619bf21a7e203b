-- Quality outcomes (issue 43): each recorded outcome of a sampled review, only ever appended (a re-inspection after a
-- failure adds one), read in order to move the contractor's standing; and each change of a standing with its cause.
CREATE TABLE quality_outcomes (
  id INTEGER PRIMARY KEY,
  job_id INTEGER NOT NULL REFERENCES jobs(id),
  contractor_id INTEGER REFERENCES contractors(id),
  program_id TEXT NOT NULL,
  review_id TEXT NOT NULL,
  outcome TEXT NOT NULL,
  note TEXT,
  user_id INTEGER REFERENCES users(id),
  at TEXT NOT NULL
);
CREATE INDEX quality_outcomes_contractor ON quality_outcomes (contractor_id, program_id, id);
CREATE INDEX quality_outcomes_job ON quality_outcomes (job_id, id);
CREATE TABLE contractor_standing_changes (
  id INTEGER PRIMARY KEY,
  contractor_id INTEGER NOT NULL REFERENCES contractors(id),
  program_id TEXT NOT NULL,
  standing TEXT NOT NULL,
  cause TEXT NOT NULL,
  user_id INTEGER REFERENCES users(id),
  at TEXT NOT NULL
);
CREATE INDEX contractor_standing_changes_contractor ON contractor_standing_changes (contractor_id, program_id, id);
