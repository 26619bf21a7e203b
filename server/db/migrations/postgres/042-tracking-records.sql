-- Federal reporting (issue 44): each record a job calls for (a reservation or a redemption of one measure), built by
-- the program's `reporting:` rules, with what it still misses, and once sent the tracking tool's answer: its id, or
-- its reasons for refusing it. One row per job, measure and kind; a record sent is never rebuilt.
CREATE TABLE tracking_records (
  id SERIAL PRIMARY KEY,
  job_id INTEGER NOT NULL REFERENCES jobs(id),
  measure TEXT COLLATE "C" NOT NULL,
  kind TEXT COLLATE "C" NOT NULL CHECK (kind IN ('reservation', 'redemption')),
  state TEXT COLLATE "C" NOT NULL CHECK (state IN ('incomplete', 'pending', 'accepted', 'refused')),
  record TEXT NOT NULL,
  missing TEXT NOT NULL,
  moment TEXT COLLATE "C" NOT NULL,
  tool_id TEXT,
  errors TEXT,
  attempt INTEGER NOT NULL DEFAULT 1,
  sent_at TEXT,
  updated_at TEXT NOT NULL,
  UNIQUE (job_id, measure, kind)
);
CREATE INDEX tracking_records_moment ON tracking_records (moment);
CREATE TRIGGER tracking_records_changed AFTER INSERT OR UPDATE ON tracking_records FOR EACH ROW
  EXECUTE FUNCTION rebate_job_changed();
