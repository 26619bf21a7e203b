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
  facet TEXT NOT NULL,
  value TEXT NOT NULL,
  is_canceled INTEGER NOT NULL,
  stage INTEGER NOT NULL,
  program_id TEXT NOT NULL,
  eligibility TEXT NOT NULL,
  is_eligible INTEGER NOT NULL,
  claimed INTEGER NOT NULL,
  has_ops_task_exception INTEGER NOT NULL,
  has_contractor_task_exception INTEGER NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (facet, value, is_canceled, stage, program_id, eligibility, is_eligible, claimed, has_ops_task_exception,
    has_contractor_task_exception)
) WITHOUT ROWID;

-- The facets of a job (its row of every facet it has a value of), as the triggers below list them for new and old.
INSERT INTO job_cube (facet, value, is_canceled, stage, program_id, eligibility, is_eligible, claimed,
    has_ops_task_exception, has_contractor_task_exception, n)
  SELECT facet, value, is_canceled, stage, program_id, eligibility, is_eligible, claimed, has_ops_task_exception,
    has_contractor_task_exception, COUNT(*)
  FROM (
    SELECT j.id, f.facet, f.value, j.is_canceled, j.stage, j.program_id, j.eligibility, j.is_eligible,
      j.claimed_by IS NOT NULL AS claimed, j.has_ops_task_exception, j.has_contractor_task_exception
    FROM jobs j JOIN (
      SELECT id, '' AS facet, '' AS value FROM jobs
      UNION ALL SELECT id, 'contractor', CAST(contractor_id AS TEXT) FROM jobs WHERE contractor_id IS NOT NULL
      UNION ALL SELECT id, 'ops_owner', CAST(ops_owner AS TEXT) FROM jobs WHERE ops_owner IS NOT NULL
      UNION ALL SELECT id, 'creator', CAST(created_by AS TEXT) FROM jobs WHERE created_by IS NOT NULL
      UNION ALL SELECT id, 'submitter', CAST(submitted_by AS TEXT) FROM jobs WHERE submitted_by IS NOT NULL
      UNION ALL SELECT id, 'mine', CAST(u AS TEXT) FROM (
        SELECT id, claimed_by AS u FROM jobs WHERE claimed_by IS NOT NULL
        UNION SELECT id, ops_owner FROM jobs WHERE ops_owner IS NOT NULL
        UNION SELECT id, created_by FROM jobs WHERE created_by IS NOT NULL
      )
      UNION ALL SELECT job_id, 'owner', role FROM job_action_owners
    ) f ON f.id = j.id
  )
  GROUP BY facet, value, is_canceled, stage, program_id, eligibility, is_eligible, claimed, has_ops_task_exception,
    has_contractor_task_exception;

CREATE TRIGGER job_cube_insert AFTER INSERT ON jobs BEGIN
  INSERT INTO job_cube (facet, value, is_canceled, stage, program_id, eligibility, is_eligible, claimed,
      has_ops_task_exception, has_contractor_task_exception, n)
    SELECT '', '', new.is_canceled, new.stage, new.program_id, new.eligibility, new.is_eligible,
      new.claimed_by IS NOT NULL, new.has_ops_task_exception, new.has_contractor_task_exception, 1 WHERE true
    ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO job_cube (facet, value, is_canceled, stage, program_id, eligibility, is_eligible, claimed,
      has_ops_task_exception, has_contractor_task_exception, n)
    SELECT 'contractor', CAST(new.contractor_id AS TEXT),
      new.is_canceled, new.stage, new.program_id, new.eligibility, new.is_eligible,
      new.claimed_by IS NOT NULL, new.has_ops_task_exception, new.has_contractor_task_exception, 1
    WHERE new.contractor_id IS NOT NULL
    ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO job_cube (facet, value, is_canceled, stage, program_id, eligibility, is_eligible, claimed,
      has_ops_task_exception, has_contractor_task_exception, n)
    SELECT 'ops_owner', CAST(new.ops_owner AS TEXT),
      new.is_canceled, new.stage, new.program_id, new.eligibility, new.is_eligible,
      new.claimed_by IS NOT NULL, new.has_ops_task_exception, new.has_contractor_task_exception, 1
    WHERE new.ops_owner IS NOT NULL
    ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO job_cube (facet, value, is_canceled, stage, program_id, eligibility, is_eligible, claimed,
      has_ops_task_exception, has_contractor_task_exception, n)
    SELECT 'creator', CAST(new.created_by AS TEXT),
      new.is_canceled, new.stage, new.program_id, new.eligibility, new.is_eligible,
      new.claimed_by IS NOT NULL, new.has_ops_task_exception, new.has_contractor_task_exception, 1
    WHERE new.created_by IS NOT NULL
    ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO job_cube (facet, value, is_canceled, stage, program_id, eligibility, is_eligible, claimed,
      has_ops_task_exception, has_contractor_task_exception, n)
    SELECT 'submitter', CAST(new.submitted_by AS TEXT),
      new.is_canceled, new.stage, new.program_id, new.eligibility, new.is_eligible,
      new.claimed_by IS NOT NULL, new.has_ops_task_exception, new.has_contractor_task_exception, 1
    WHERE new.submitted_by IS NOT NULL
    ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO job_cube (facet, value, is_canceled, stage, program_id, eligibility, is_eligible, claimed,
      has_ops_task_exception, has_contractor_task_exception, n)
    SELECT 'mine', CAST(u AS TEXT), new.is_canceled, new.stage, new.program_id, new.eligibility, new.is_eligible,
      new.claimed_by IS NOT NULL, new.has_ops_task_exception, new.has_contractor_task_exception, 1
    FROM (SELECT new.claimed_by AS u UNION SELECT new.ops_owner UNION SELECT new.created_by) WHERE u IS NOT NULL
    ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO job_cube (facet, value, is_canceled, stage, program_id, eligibility, is_eligible, claimed,
      has_ops_task_exception, has_contractor_task_exception, n)
    SELECT 'owner', role, new.is_canceled, new.stage, new.program_id, new.eligibility, new.is_eligible,
      new.claimed_by IS NOT NULL, new.has_ops_task_exception, new.has_contractor_task_exception, 1
    FROM job_action_owners WHERE job_id = new.id
    ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER job_cube_delete AFTER DELETE ON jobs BEGIN
  UPDATE job_cube SET n = n - 1 WHERE facet = '' AND value = ''
    AND is_canceled = old.is_canceled AND stage = old.stage AND program_id = old.program_id
    AND eligibility = old.eligibility AND is_eligible = old.is_eligible AND claimed = (old.claimed_by IS NOT NULL)
    AND has_ops_task_exception = old.has_ops_task_exception
    AND has_contractor_task_exception = old.has_contractor_task_exception;
  UPDATE job_cube SET n = n - 1 WHERE old.contractor_id IS NOT NULL AND facet = 'contractor'
    AND value = CAST(old.contractor_id AS TEXT)
    AND is_canceled = old.is_canceled AND stage = old.stage AND program_id = old.program_id
    AND eligibility = old.eligibility AND is_eligible = old.is_eligible AND claimed = (old.claimed_by IS NOT NULL)
    AND has_ops_task_exception = old.has_ops_task_exception
    AND has_contractor_task_exception = old.has_contractor_task_exception;
  UPDATE job_cube SET n = n - 1 WHERE old.ops_owner IS NOT NULL AND facet = 'ops_owner'
    AND value = CAST(old.ops_owner AS TEXT)
    AND is_canceled = old.is_canceled AND stage = old.stage AND program_id = old.program_id
    AND eligibility = old.eligibility AND is_eligible = old.is_eligible AND claimed = (old.claimed_by IS NOT NULL)
    AND has_ops_task_exception = old.has_ops_task_exception
    AND has_contractor_task_exception = old.has_contractor_task_exception;
  UPDATE job_cube SET n = n - 1 WHERE old.created_by IS NOT NULL AND facet = 'creator'
    AND value = CAST(old.created_by AS TEXT)
    AND is_canceled = old.is_canceled AND stage = old.stage AND program_id = old.program_id
    AND eligibility = old.eligibility AND is_eligible = old.is_eligible AND claimed = (old.claimed_by IS NOT NULL)
    AND has_ops_task_exception = old.has_ops_task_exception
    AND has_contractor_task_exception = old.has_contractor_task_exception;
  UPDATE job_cube SET n = n - 1 WHERE old.submitted_by IS NOT NULL AND facet = 'submitter'
    AND value = CAST(old.submitted_by AS TEXT)
    AND is_canceled = old.is_canceled AND stage = old.stage AND program_id = old.program_id
    AND eligibility = old.eligibility AND is_eligible = old.is_eligible AND claimed = (old.claimed_by IS NOT NULL)
    AND has_ops_task_exception = old.has_ops_task_exception
    AND has_contractor_task_exception = old.has_contractor_task_exception;
  UPDATE job_cube SET n = n - 1 WHERE facet = 'mine' AND value IN (SELECT CAST(u AS TEXT)
    FROM (SELECT old.claimed_by AS u UNION SELECT old.ops_owner UNION SELECT old.created_by) WHERE u IS NOT NULL)
    AND is_canceled = old.is_canceled AND stage = old.stage AND program_id = old.program_id
    AND eligibility = old.eligibility AND is_eligible = old.is_eligible AND claimed = (old.claimed_by IS NOT NULL)
    AND has_ops_task_exception = old.has_ops_task_exception
    AND has_contractor_task_exception = old.has_contractor_task_exception;
  UPDATE job_cube SET n = n - 1 WHERE facet = 'owner'
    AND value IN (SELECT role FROM job_action_owners WHERE job_id = old.id)
    AND is_canceled = old.is_canceled AND stage = old.stage AND program_id = old.program_id
    AND eligibility = old.eligibility AND is_eligible = old.is_eligible AND claimed = (old.claimed_by IS NOT NULL)
    AND has_ops_task_exception = old.has_ops_task_exception
    AND has_contractor_task_exception = old.has_contractor_task_exception;
END;

-- A job moves from its old rows to its new ones when any column of them changed.
CREATE TRIGGER job_cube_update AFTER UPDATE OF is_canceled, stage, program_id, eligibility, is_eligible, claimed_by,
    has_ops_task_exception, has_contractor_task_exception, contractor_id, ops_owner, created_by, submitted_by ON jobs
  WHEN old.is_canceled IS NOT new.is_canceled OR old.stage IS NOT new.stage OR old.program_id IS NOT new.program_id
    OR old.eligibility IS NOT new.eligibility OR old.is_eligible IS NOT new.is_eligible
    OR old.claimed_by IS NOT new.claimed_by
    OR old.has_ops_task_exception IS NOT new.has_ops_task_exception
    OR old.has_contractor_task_exception IS NOT new.has_contractor_task_exception
    OR old.contractor_id IS NOT new.contractor_id OR old.ops_owner IS NOT new.ops_owner
    OR old.created_by IS NOT new.created_by OR old.submitted_by IS NOT new.submitted_by BEGIN
  UPDATE job_cube SET n = n - 1 WHERE facet = '' AND value = ''
    AND is_canceled = old.is_canceled AND stage = old.stage AND program_id = old.program_id
    AND eligibility = old.eligibility AND is_eligible = old.is_eligible AND claimed = (old.claimed_by IS NOT NULL)
    AND has_ops_task_exception = old.has_ops_task_exception
    AND has_contractor_task_exception = old.has_contractor_task_exception;
  UPDATE job_cube SET n = n - 1 WHERE old.contractor_id IS NOT NULL AND facet = 'contractor'
    AND value = CAST(old.contractor_id AS TEXT)
    AND is_canceled = old.is_canceled AND stage = old.stage AND program_id = old.program_id
    AND eligibility = old.eligibility AND is_eligible = old.is_eligible AND claimed = (old.claimed_by IS NOT NULL)
    AND has_ops_task_exception = old.has_ops_task_exception
    AND has_contractor_task_exception = old.has_contractor_task_exception;
  UPDATE job_cube SET n = n - 1 WHERE old.ops_owner IS NOT NULL AND facet = 'ops_owner'
    AND value = CAST(old.ops_owner AS TEXT)
    AND is_canceled = old.is_canceled AND stage = old.stage AND program_id = old.program_id
    AND eligibility = old.eligibility AND is_eligible = old.is_eligible AND claimed = (old.claimed_by IS NOT NULL)
    AND has_ops_task_exception = old.has_ops_task_exception
    AND has_contractor_task_exception = old.has_contractor_task_exception;
  UPDATE job_cube SET n = n - 1 WHERE old.created_by IS NOT NULL AND facet = 'creator'
    AND value = CAST(old.created_by AS TEXT)
    AND is_canceled = old.is_canceled AND stage = old.stage AND program_id = old.program_id
    AND eligibility = old.eligibility AND is_eligible = old.is_eligible AND claimed = (old.claimed_by IS NOT NULL)
    AND has_ops_task_exception = old.has_ops_task_exception
    AND has_contractor_task_exception = old.has_contractor_task_exception;
  UPDATE job_cube SET n = n - 1 WHERE old.submitted_by IS NOT NULL AND facet = 'submitter'
    AND value = CAST(old.submitted_by AS TEXT)
    AND is_canceled = old.is_canceled AND stage = old.stage AND program_id = old.program_id
    AND eligibility = old.eligibility AND is_eligible = old.is_eligible AND claimed = (old.claimed_by IS NOT NULL)
    AND has_ops_task_exception = old.has_ops_task_exception
    AND has_contractor_task_exception = old.has_contractor_task_exception;
  UPDATE job_cube SET n = n - 1 WHERE facet = 'mine' AND value IN (SELECT CAST(u AS TEXT)
    FROM (SELECT old.claimed_by AS u UNION SELECT old.ops_owner UNION SELECT old.created_by) WHERE u IS NOT NULL)
    AND is_canceled = old.is_canceled AND stage = old.stage AND program_id = old.program_id
    AND eligibility = old.eligibility AND is_eligible = old.is_eligible AND claimed = (old.claimed_by IS NOT NULL)
    AND has_ops_task_exception = old.has_ops_task_exception
    AND has_contractor_task_exception = old.has_contractor_task_exception;
  UPDATE job_cube SET n = n - 1 WHERE facet = 'owner'
    AND value IN (SELECT role FROM job_action_owners WHERE job_id = old.id)
    AND is_canceled = old.is_canceled AND stage = old.stage AND program_id = old.program_id
    AND eligibility = old.eligibility AND is_eligible = old.is_eligible AND claimed = (old.claimed_by IS NOT NULL)
    AND has_ops_task_exception = old.has_ops_task_exception
    AND has_contractor_task_exception = old.has_contractor_task_exception;
  INSERT INTO job_cube (facet, value, is_canceled, stage, program_id, eligibility, is_eligible, claimed,
      has_ops_task_exception, has_contractor_task_exception, n)
    SELECT '', '', new.is_canceled, new.stage, new.program_id, new.eligibility, new.is_eligible,
      new.claimed_by IS NOT NULL, new.has_ops_task_exception, new.has_contractor_task_exception, 1 WHERE true
    ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO job_cube (facet, value, is_canceled, stage, program_id, eligibility, is_eligible, claimed,
      has_ops_task_exception, has_contractor_task_exception, n)
    SELECT 'contractor', CAST(new.contractor_id AS TEXT),
      new.is_canceled, new.stage, new.program_id, new.eligibility, new.is_eligible,
      new.claimed_by IS NOT NULL, new.has_ops_task_exception, new.has_contractor_task_exception, 1
    WHERE new.contractor_id IS NOT NULL
    ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO job_cube (facet, value, is_canceled, stage, program_id, eligibility, is_eligible, claimed,
      has_ops_task_exception, has_contractor_task_exception, n)
    SELECT 'ops_owner', CAST(new.ops_owner AS TEXT),
      new.is_canceled, new.stage, new.program_id, new.eligibility, new.is_eligible,
      new.claimed_by IS NOT NULL, new.has_ops_task_exception, new.has_contractor_task_exception, 1
    WHERE new.ops_owner IS NOT NULL
    ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO job_cube (facet, value, is_canceled, stage, program_id, eligibility, is_eligible, claimed,
      has_ops_task_exception, has_contractor_task_exception, n)
    SELECT 'creator', CAST(new.created_by AS TEXT),
      new.is_canceled, new.stage, new.program_id, new.eligibility, new.is_eligible,
      new.claimed_by IS NOT NULL, new.has_ops_task_exception, new.has_contractor_task_exception, 1
    WHERE new.created_by IS NOT NULL
    ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO job_cube (facet, value, is_canceled, stage, program_id, eligibility, is_eligible, claimed,
      has_ops_task_exception, has_contractor_task_exception, n)
    SELECT 'submitter', CAST(new.submitted_by AS TEXT),
      new.is_canceled, new.stage, new.program_id, new.eligibility, new.is_eligible,
      new.claimed_by IS NOT NULL, new.has_ops_task_exception, new.has_contractor_task_exception, 1
    WHERE new.submitted_by IS NOT NULL
    ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO job_cube (facet, value, is_canceled, stage, program_id, eligibility, is_eligible, claimed,
      has_ops_task_exception, has_contractor_task_exception, n)
    SELECT 'mine', CAST(u AS TEXT), new.is_canceled, new.stage, new.program_id, new.eligibility, new.is_eligible,
      new.claimed_by IS NOT NULL, new.has_ops_task_exception, new.has_contractor_task_exception, 1
    FROM (SELECT new.claimed_by AS u UNION SELECT new.ops_owner UNION SELECT new.created_by) WHERE u IS NOT NULL
    ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO job_cube (facet, value, is_canceled, stage, program_id, eligibility, is_eligible, claimed,
      has_ops_task_exception, has_contractor_task_exception, n)
    SELECT 'owner', role, new.is_canceled, new.stage, new.program_id, new.eligibility, new.is_eligible,
      new.claimed_by IS NOT NULL, new.has_ops_task_exception, new.has_contractor_task_exception, 1
    FROM job_action_owners WHERE job_id = new.id
    ON CONFLICT DO UPDATE SET n = n + 1;
END;

-- A job's action owners (migration 007) are facets too ('owner': one row per role with an open task): their rows are
-- written after the job's, each counted at the job's columns as they are then.
CREATE TRIGGER job_cube_owner_insert AFTER INSERT ON job_action_owners BEGIN
  INSERT INTO job_cube (facet, value, is_canceled, stage, program_id, eligibility, is_eligible, claimed,
      has_ops_task_exception, has_contractor_task_exception, n)
    SELECT 'owner', new.role, j.is_canceled, j.stage, j.program_id, j.eligibility, j.is_eligible,
      j.claimed_by IS NOT NULL, j.has_ops_task_exception, j.has_contractor_task_exception, 1
    FROM jobs j WHERE j.id = new.job_id
    ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER job_cube_owner_delete AFTER DELETE ON job_action_owners BEGIN
  UPDATE job_cube SET n = n - 1
    WHERE facet = 'owner' AND value = old.role
      AND (is_canceled, stage, program_id, eligibility, is_eligible, claimed, has_ops_task_exception,
        has_contractor_task_exception) = (
        SELECT j.is_canceled, j.stage, j.program_id, j.eligibility, j.is_eligible, j.claimed_by IS NOT NULL,
          j.has_ops_task_exception, j.has_contractor_task_exception
        FROM jobs j WHERE j.id = old.job_id);
END;

CREATE TRIGGER job_cube_owner_update AFTER UPDATE OF role, job_id ON job_action_owners
  WHEN old.role IS NOT new.role OR old.job_id IS NOT new.job_id BEGIN
  UPDATE job_cube SET n = n - 1
    WHERE facet = 'owner' AND value = old.role
      AND (is_canceled, stage, program_id, eligibility, is_eligible, claimed, has_ops_task_exception,
        has_contractor_task_exception) = (
        SELECT j.is_canceled, j.stage, j.program_id, j.eligibility, j.is_eligible, j.claimed_by IS NOT NULL,
          j.has_ops_task_exception, j.has_contractor_task_exception
        FROM jobs j WHERE j.id = old.job_id);
  INSERT INTO job_cube (facet, value, is_canceled, stage, program_id, eligibility, is_eligible, claimed,
      has_ops_task_exception, has_contractor_task_exception, n)
    SELECT 'owner', new.role, j.is_canceled, j.stage, j.program_id, j.eligibility, j.is_eligible,
      j.claimed_by IS NOT NULL, j.has_ops_task_exception, j.has_contractor_task_exception, 1
    FROM jobs j WHERE j.id = new.job_id
    ON CONFLICT DO UPDATE SET n = n + 1;
END;
