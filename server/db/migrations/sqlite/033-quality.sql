-- Quality assurance (issue 43): each review's sampling decision for a job, taken once when the job reaches the
-- review's point (unique per job and review), with what it was derived from; and each contractor's standing in each
-- program (no row: provisional).
CREATE TABLE quality_decisions (
  id INTEGER PRIMARY KEY,
  job_id INTEGER NOT NULL REFERENCES jobs(id),
  contractor_id INTEGER REFERENCES contractors(id),
  program_id TEXT NOT NULL,
  review_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  sampled INTEGER NOT NULL,
  reason TEXT NOT NULL,
  explanation TEXT NOT NULL,
  draw REAL,
  standing TEXT NOT NULL,
  earlier_jobs INTEGER NOT NULL,
  decided_at TEXT NOT NULL,
  UNIQUE (job_id, review_id)
);
CREATE INDEX quality_decisions_contractor ON quality_decisions (contractor_id, program_id, review_id);
CREATE TABLE contractor_standings (
  contractor_id INTEGER NOT NULL REFERENCES contractors(id),
  program_id TEXT NOT NULL,
  standing TEXT NOT NULL,
  since TEXT NOT NULL,
  PRIMARY KEY (contractor_id, program_id)
);
