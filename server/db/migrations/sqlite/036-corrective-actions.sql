-- Corrective actions (issue 43): a failed review opens a request to the contractor with a deadline (the program's
-- corrective_action_days); the contractor answers with a note and the job's photos; ops accept the answer or ask for
-- a re-inspection, whose passing outcome closes it. state: open | answered | reinspection | closed. While one is not
-- closed, the job's payment approval waits.
CREATE TABLE quality_corrective_actions (
  id INTEGER PRIMARY KEY,
  job_id INTEGER NOT NULL REFERENCES jobs(id),
  contractor_id INTEGER REFERENCES contractors(id),
  program_id TEXT NOT NULL,
  review_id TEXT NOT NULL,
  finding TEXT,
  state TEXT NOT NULL,
  opened_at TEXT NOT NULL,
  due_at TEXT NOT NULL,
  answer_note TEXT,
  answer_attachments TEXT,
  answered_at TEXT,
  answered_by INTEGER REFERENCES users(id),
  resolution TEXT,
  closed_at TEXT,
  closed_by INTEGER REFERENCES users(id)
);
CREATE INDEX quality_corrective_actions_job ON quality_corrective_actions (job_id, id);
CREATE INDEX quality_corrective_actions_contractor ON quality_corrective_actions (contractor_id, state);
CREATE TRIGGER quality_corrective_actions_changed_insert AFTER INSERT ON quality_corrective_actions
  BEGIN SELECT rebate_job_changed(NEW.job_id); END;
CREATE TRIGGER quality_corrective_actions_changed_update AFTER UPDATE ON quality_corrective_actions
  BEGIN SELECT rebate_job_changed(NEW.job_id); END;
