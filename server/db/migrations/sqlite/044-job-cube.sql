-- Counts of the jobs list under several of its low-cardinality filters at once (issue 47). job_facet_totals (021,
-- 023) answers one filter alone; two or more (a program and eligible-ness, claimed jobs of a program, a program,
-- eligible-ness and a task exception flag) were counted by reading every matching index entry: at a million jobs
-- 60-170 ms for ~20,000-57,000 matches. job_cube keeps the jobs per combination of every such filter with the job's
-- canceled-ness and stage (a few thousand rows whatever the number of jobs): the count of any conjunction of them is
-- the sum of the rows that match, by stage (server/db/job-lists.db.ts).
CREATE TABLE job_cube (
  is_canceled INTEGER NOT NULL,
  stage INTEGER NOT NULL,
  program_id TEXT NOT NULL,
  eligibility TEXT NOT NULL,
  is_eligible INTEGER NOT NULL,
  claimed INTEGER NOT NULL,
  has_ops_task_exception INTEGER NOT NULL,
  has_contractor_task_exception INTEGER NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (is_canceled, stage, program_id, eligibility, is_eligible, claimed, has_ops_task_exception,
    has_contractor_task_exception)
) WITHOUT ROWID;

INSERT INTO job_cube (is_canceled, stage, program_id, eligibility, is_eligible, claimed, has_ops_task_exception,
    has_contractor_task_exception, n)
  SELECT is_canceled, stage, program_id, eligibility, is_eligible, claimed_by IS NOT NULL, has_ops_task_exception,
    has_contractor_task_exception, COUNT(*)
  FROM jobs
  GROUP BY is_canceled, stage, program_id, eligibility, is_eligible, claimed_by IS NOT NULL, has_ops_task_exception,
    has_contractor_task_exception;

CREATE TRIGGER job_cube_insert AFTER INSERT ON jobs BEGIN
  INSERT INTO job_cube (is_canceled, stage, program_id, eligibility, is_eligible, claimed, has_ops_task_exception,
      has_contractor_task_exception, n)
    SELECT new.is_canceled, new.stage, new.program_id, new.eligibility, new.is_eligible, new.claimed_by IS NOT NULL,
      new.has_ops_task_exception, new.has_contractor_task_exception, 1 WHERE true
    ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER job_cube_delete AFTER DELETE ON jobs BEGIN
  UPDATE job_cube SET n = n - 1
    WHERE is_canceled = old.is_canceled AND stage = old.stage AND program_id = old.program_id
      AND eligibility = old.eligibility AND is_eligible = old.is_eligible AND claimed = (old.claimed_by IS NOT NULL)
      AND has_ops_task_exception = old.has_ops_task_exception
      AND has_contractor_task_exception = old.has_contractor_task_exception;
END;

-- A job moves from its old combination to its new one when any of them changed.
CREATE TRIGGER job_cube_update AFTER UPDATE OF is_canceled, stage, program_id, eligibility, is_eligible, claimed_by,
    has_ops_task_exception, has_contractor_task_exception ON jobs
  WHEN old.is_canceled IS NOT new.is_canceled OR old.stage IS NOT new.stage OR old.program_id IS NOT new.program_id
    OR old.eligibility IS NOT new.eligibility OR old.is_eligible IS NOT new.is_eligible
    OR (old.claimed_by IS NULL) <> (new.claimed_by IS NULL)
    OR old.has_ops_task_exception IS NOT new.has_ops_task_exception
    OR old.has_contractor_task_exception IS NOT new.has_contractor_task_exception BEGIN
  UPDATE job_cube SET n = n - 1
    WHERE is_canceled = old.is_canceled AND stage = old.stage AND program_id = old.program_id
      AND eligibility = old.eligibility AND is_eligible = old.is_eligible AND claimed = (old.claimed_by IS NOT NULL)
      AND has_ops_task_exception = old.has_ops_task_exception
      AND has_contractor_task_exception = old.has_contractor_task_exception;
  INSERT INTO job_cube (is_canceled, stage, program_id, eligibility, is_eligible, claimed, has_ops_task_exception,
      has_contractor_task_exception, n)
    SELECT new.is_canceled, new.stage, new.program_id, new.eligibility, new.is_eligible, new.claimed_by IS NOT NULL,
      new.has_ops_task_exception, new.has_contractor_task_exception, 1 WHERE true
    ON CONFLICT DO UPDATE SET n = n + 1;
END;
