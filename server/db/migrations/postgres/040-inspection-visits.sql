-- A field inspection's visit (issue 43): the inspector offers the homeowner times by mail; the homeowner takes one or
-- picks another from the mailed link (its token's hash kept here, never the token). One visit per review of a job,
-- replaced when new times are offered. Its job's pages follow it (the change feed).
CREATE TABLE quality_visits (
  job_id INTEGER NOT NULL REFERENCES jobs(id),
  review_id TEXT COLLATE "C" NOT NULL,
  state TEXT COLLATE "C" NOT NULL CHECK (state IN ('proposed', 'confirmed')),
  times TEXT NOT NULL,
  time_zone TEXT NOT NULL,
  visit_at TEXT COLLATE "C",
  chosen_by_homeowner INTEGER NOT NULL DEFAULT 0,
  note TEXT,
  token_hash TEXT COLLATE "C" NOT NULL,
  proposed_by INTEGER REFERENCES users(id),
  proposed_at TEXT COLLATE "C" NOT NULL,
  answered_at TEXT COLLATE "C",
  PRIMARY KEY (job_id, review_id)
);
CREATE INDEX quality_visits_token ON quality_visits (token_hash);
CREATE TRIGGER quality_visits_changed AFTER INSERT OR UPDATE ON quality_visits FOR EACH ROW
  EXECUTE FUNCTION rebate_job_changed();
