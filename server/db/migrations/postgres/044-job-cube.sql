-- Counts of the jobs list under several filters at once (issue 47). job_facet_totals (021, 023) answers one filter
-- alone; two or more (a program and eligible-ness, claimed jobs of a program, a company's eligible jobs, an ops
-- owner's eligible jobs) were counted by reading every matching index entry, or the matching rows: at a million jobs
-- 30-320 ms. job_cube keeps the jobs per combination of the low-cardinality filters (program, eligibility status,
-- eligible-ness, claimed-ness, the two task exception flags) with the job's canceled-ness and stage: for all jobs
-- (facet ''), and for each company ('contractor'), ops owner, creating and submitting user, person whose jobs they
-- are ('mine': the claiming user, the ops owner, the creator) and action owner ('owner': a role with an open task).
-- The count of one of those and any of the low-cardinality filters is the sum of the rows that match, by stage
-- (server/db/job-lists.db.ts): a few hundred rows for a person or a company, a few thousand for all jobs, whatever
-- the number of jobs.
CREATE TABLE job_cube (
  facet TEXT COLLATE "C" NOT NULL,
  value TEXT COLLATE "C" NOT NULL,
  is_canceled INTEGER NOT NULL,
  stage INTEGER NOT NULL,
  program_id TEXT COLLATE "C" NOT NULL,
  eligibility TEXT COLLATE "C" NOT NULL,
  is_eligible INTEGER NOT NULL,
  claimed INTEGER NOT NULL,
  has_ops_task_exception INTEGER NOT NULL,
  has_contractor_task_exception INTEGER NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (facet, value, is_canceled, stage, program_id, eligibility, is_eligible, claimed, has_ops_task_exception,
    has_contractor_task_exception)
);

-- A job's facets: its row of every facet it has a value of (its action owners' roles: their rows as they are now).
CREATE FUNCTION job_cube_facets(j jobs) RETURNS TABLE (facet TEXT, value TEXT) LANGUAGE sql STABLE
  SET search_path FROM CURRENT AS $$
  SELECT f, v FROM (VALUES ('', ''), ('contractor', j.contractor_id::text), ('ops_owner', j.ops_owner::text),
    ('creator', j.created_by::text), ('submitter', j.submitted_by::text)) AS x(f, v)
  WHERE v IS NOT NULL
  UNION ALL
  SELECT DISTINCT 'mine', u::text FROM (VALUES (j.claimed_by), (j.ops_owner), (j.created_by)) AS m(u)
  WHERE u IS NOT NULL
  UNION ALL
  SELECT 'owner', role FROM job_action_owners WHERE job_id = j.id
$$;

INSERT INTO job_cube (facet, value, is_canceled, stage, program_id, eligibility, is_eligible, claimed,
    has_ops_task_exception, has_contractor_task_exception, n)
  SELECT f.facet, f.value, j.is_canceled, j.stage, j.program_id, j.eligibility, j.is_eligible,
    (j.claimed_by IS NOT NULL)::int, j.has_ops_task_exception, j.has_contractor_task_exception, COUNT(*)
  FROM jobs j CROSS JOIN LATERAL job_cube_facets(j) f
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;

-- Adds d to one of a job's rows: an update of the row, which is there for all but a job's first of its combination
-- (an upsert per row cost a third more of every job write), and an insert when it is not.
CREATE FUNCTION job_cube_row(j jobs, f TEXT, v TEXT, d INTEGER) RETURNS void LANGUAGE plpgsql
  SET search_path FROM CURRENT AS $$
DECLARE
  is_claimed INTEGER := (j.claimed_by IS NOT NULL)::int;
BEGIN
  UPDATE job_cube c SET n = c.n + d
    WHERE c.facet = f AND c.value = v AND c.is_canceled = j.is_canceled AND c.stage = j.stage
      AND c.program_id = j.program_id AND c.eligibility = j.eligibility AND c.is_eligible = j.is_eligible
      AND c.claimed = is_claimed AND c.has_ops_task_exception = j.has_ops_task_exception
      AND c.has_contractor_task_exception = j.has_contractor_task_exception;
  IF NOT FOUND THEN
    INSERT INTO job_cube (facet, value, is_canceled, stage, program_id, eligibility, is_eligible, claimed,
        has_ops_task_exception, has_contractor_task_exception, n)
      VALUES (f, v, j.is_canceled, j.stage, j.program_id, j.eligibility, j.is_eligible, is_claimed,
        j.has_ops_task_exception, j.has_contractor_task_exception, d)
      ON CONFLICT (facet, value, is_canceled, stage, program_id, eligibility, is_eligible, claimed,
        has_ops_task_exception, has_contractor_task_exception) DO UPDATE SET n = job_cube.n + d;
  END IF;
END
$$;

-- Adds d to each of a job's rows.
CREATE FUNCTION job_cube_add(j jobs, d INTEGER) RETURNS void LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  f RECORD;
BEGIN
  FOR f IN SELECT * FROM job_cube_facets(j) LOOP
    PERFORM job_cube_row(j, f.facet, f.value, d);
  END LOOP;
END
$$;

-- A job moves from its old rows to its new ones when any column of them changed.
CREATE FUNCTION job_cube_change() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND old.is_canceled = new.is_canceled AND old.stage = new.stage
    AND old.program_id = new.program_id AND old.eligibility = new.eligibility AND old.is_eligible = new.is_eligible
    AND old.claimed_by IS NOT DISTINCT FROM new.claimed_by
    AND old.has_ops_task_exception = new.has_ops_task_exception
    AND old.has_contractor_task_exception = new.has_contractor_task_exception
    AND old.contractor_id IS NOT DISTINCT FROM new.contractor_id AND old.ops_owner IS NOT DISTINCT FROM new.ops_owner
    AND old.created_by IS NOT DISTINCT FROM new.created_by
    AND old.submitted_by IS NOT DISTINCT FROM new.submitted_by THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM job_cube_add(old, -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM job_cube_add(new, 1); END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER job_cube_change AFTER INSERT OR DELETE OR UPDATE OF is_canceled, stage, program_id, eligibility,
    is_eligible, claimed_by, has_ops_task_exception, has_contractor_task_exception, contractor_id, ops_owner,
    created_by, submitted_by ON jobs
  FOR EACH ROW EXECUTE FUNCTION job_cube_change();

-- A job's action owners (migration 007) are facets too ('owner': one row per role with an open task): their rows are
-- written after the job's, each counted at the job's columns as they are then.
CREATE FUNCTION job_cube_owner_change() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  j jobs;
BEGIN
  IF TG_OP = 'UPDATE' AND old.role = new.role AND old.job_id = new.job_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT * INTO j FROM jobs WHERE id = old.job_id;
    IF FOUND THEN PERFORM job_cube_row(j, 'owner', old.role, -1); END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT * INTO j FROM jobs WHERE id = new.job_id;
    IF FOUND THEN PERFORM job_cube_row(j, 'owner', new.role, 1); END IF;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER job_cube_owner_change AFTER INSERT OR DELETE OR UPDATE OF role, job_id ON job_action_owners
  FOR EACH ROW EXECUTE FUNCTION job_cube_owner_change();
