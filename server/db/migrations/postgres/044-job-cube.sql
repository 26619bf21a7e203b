-- Counts of the jobs list under several of its low-cardinality filters at once (issue 47). job_facet_totals (021,
-- 023) answers one filter alone; two or more (a program and eligible-ness, claimed jobs of a program, a program,
-- eligible-ness and a task exception flag) were counted by reading every matching index entry: at a million jobs
-- 60-170 ms for ~20,000-57,000 matches. job_cube keeps the jobs per combination of every such filter with the job's
-- canceled-ness and stage (a few thousand rows whatever the number of jobs): the count of any conjunction of them is
-- the sum of the rows that match, by stage (server/db/job-lists.db.ts).
CREATE TABLE job_cube (
  is_canceled INTEGER NOT NULL,
  stage INTEGER NOT NULL,
  program_id TEXT COLLATE "C" NOT NULL,
  eligibility TEXT COLLATE "C" NOT NULL,
  is_eligible INTEGER NOT NULL,
  claimed INTEGER NOT NULL,
  has_ops_task_exception INTEGER NOT NULL,
  has_contractor_task_exception INTEGER NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (is_canceled, stage, program_id, eligibility, is_eligible, claimed, has_ops_task_exception,
    has_contractor_task_exception)
);

INSERT INTO job_cube (is_canceled, stage, program_id, eligibility, is_eligible, claimed, has_ops_task_exception,
    has_contractor_task_exception, n)
  SELECT is_canceled, stage, program_id, eligibility, is_eligible, (claimed_by IS NOT NULL)::int, has_ops_task_exception,
    has_contractor_task_exception, COUNT(*)
  FROM jobs
  GROUP BY is_canceled, stage, program_id, eligibility, is_eligible, (claimed_by IS NOT NULL)::int,
    has_ops_task_exception, has_contractor_task_exception;

CREATE FUNCTION job_cube_add(j jobs, d INTEGER) RETURNS void LANGUAGE sql SET search_path FROM CURRENT AS $$
  INSERT INTO job_cube (is_canceled, stage, program_id, eligibility, is_eligible, claimed, has_ops_task_exception,
      has_contractor_task_exception, n)
    VALUES (j.is_canceled, j.stage, j.program_id, j.eligibility, j.is_eligible, (j.claimed_by IS NOT NULL)::int,
      j.has_ops_task_exception, j.has_contractor_task_exception, d)
    ON CONFLICT (is_canceled, stage, program_id, eligibility, is_eligible, claimed, has_ops_task_exception,
      has_contractor_task_exception) DO UPDATE SET n = job_cube.n + d;
$$;

-- A job moves from its old combination to its new one when any of them changed.
CREATE FUNCTION job_cube_change() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND old.is_canceled = new.is_canceled AND old.stage = new.stage
    AND old.program_id = new.program_id AND old.eligibility = new.eligibility AND old.is_eligible = new.is_eligible
    AND (old.claimed_by IS NULL) = (new.claimed_by IS NULL)
    AND old.has_ops_task_exception = new.has_ops_task_exception
    AND old.has_contractor_task_exception = new.has_contractor_task_exception THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM job_cube_add(old, -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM job_cube_add(new, 1); END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER job_cube_change AFTER INSERT OR DELETE OR UPDATE OF is_canceled, stage, program_id, eligibility,
    is_eligible, claimed_by, has_ops_task_exception, has_contractor_task_exception ON jobs
  FOR EACH ROW EXECUTE FUNCTION job_cube_change();
