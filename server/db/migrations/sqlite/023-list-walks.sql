-- Jobs list pages that filter (spec sect. 7). A page walks an index in its sort order and stops after 25 rows, but a
-- filter the walk's index does not hold was checked on the table's row: a program and eligibility page at 100,000 jobs
-- read ~400 rows of other programs for its 25, a filter matching no job read every row. The walks now carry every
-- column the list filters on (after the sort's own columns, so the order is unchanged), and the page is found on the
-- index alone before its 25 rows are read (server/db/job-lists.db.ts, listJobs): a filter passes over index entries,
-- not rows. id ends each key as it ends each sort. Sorting by stage walks stage, then creation order.
DROP INDEX jobs_by_created;
DROP INDEX jobs_by_name;
DROP INDEX jobs_by_stage_entered;
DROP INDEX jobs_list;
CREATE INDEX jobs_by_created ON jobs (is_canceled, created_at, id, stage, program_id, eligibility, is_eligible, contractor_id,
  homeowner_user_id, ops_owner, claimed_by, created_by, submitted_by, has_ops_task_exception, has_contractor_task_exception);
CREATE INDEX jobs_by_name ON jobs (is_canceled, full_name, id, stage, program_id, eligibility, is_eligible, contractor_id,
  homeowner_user_id, ops_owner, claimed_by, created_by, submitted_by, has_ops_task_exception, has_contractor_task_exception);
CREATE INDEX jobs_by_stage_entered ON jobs (is_canceled, stage_entered_at, id, stage, program_id, eligibility, is_eligible, contractor_id,
  homeowner_user_id, ops_owner, claimed_by, created_by, submitted_by, has_ops_task_exception, has_contractor_task_exception);
CREATE INDEX jobs_by_updated ON jobs (is_canceled, updated_at, id, stage, program_id, eligibility, is_eligible, contractor_id,
  homeowner_user_id, ops_owner, claimed_by, created_by, submitted_by, has_ops_task_exception, has_contractor_task_exception);
CREATE INDEX jobs_list ON jobs (is_canceled, stage, created_at, id, program_id, eligibility, is_eligible, contractor_id,
  homeowner_user_id, ops_owner, claimed_by, created_by, submitted_by, has_ops_task_exception, has_contractor_task_exception);

-- The two filters no index held: a contractor user's jobs (created_by) and the jobs one submitted (submitted_by), each
-- in creation order as an ops owner's are (migration 021): a few hundred jobs each, walked or counted alone.
CREATE INDEX jobs_by_creator ON jobs (created_by, is_canceled, created_at);
CREATE INDEX jobs_by_submitter ON jobs (submitted_by, is_canceled, created_at);

-- The task exception flags' own indexes go: their counts read job_facet_totals (below), their pages walk the walks
-- above (one job in 20 holds a flag, so ~500 entries for a page of 25). SQLite, once it has statistics (the portal
-- analyzes at open), took them instead and sorted every flagged job (~4,800, 6-8 ms at 100,000 jobs).
DROP INDEX jobs_by_ops_exception;
DROP INDEX jobs_by_contractor_exception;

-- Every filter of the list alone answers its counts from job_facet_totals (migration 021), as a program or a
-- company does: besides those, the eligibility status ('eligibility'), eligible or not ('eligible': is_eligible),
-- either task exception flag ('ops_exception', 'contractor_exception': '0' or '1'), the contractor user who
-- created the job ('creator') or submitted it ('submitter'), and show_my_jobs ('mine': the job once for each user
-- who claimed it, owns it for ops or created it). Counting them read up to ~52,000 entries (is_eligible: the whole
-- table). A write now moves only the facets it changes (a job's stage or canceled-ness moves all of its own).
INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n)
  SELECT 'eligibility', eligibility, is_canceled, stage, COUNT(*) FROM jobs GROUP BY eligibility, is_canceled, stage;
INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n)
  SELECT 'eligible', CAST(is_eligible AS TEXT), is_canceled, stage, COUNT(*) FROM jobs GROUP BY is_eligible, is_canceled, stage;
INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n)
  SELECT 'ops_exception', CAST(has_ops_task_exception AS TEXT), is_canceled, stage, COUNT(*) FROM jobs GROUP BY has_ops_task_exception, is_canceled, stage;
INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n)
  SELECT 'contractor_exception', CAST(has_contractor_task_exception AS TEXT), is_canceled, stage, COUNT(*) FROM jobs GROUP BY has_contractor_task_exception, is_canceled, stage;
INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n)
  SELECT 'creator', CAST(created_by AS TEXT), is_canceled, stage, COUNT(*) FROM jobs WHERE created_by IS NOT NULL GROUP BY created_by, is_canceled, stage;
INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n)
  SELECT 'submitter', CAST(submitted_by AS TEXT), is_canceled, stage, COUNT(*) FROM jobs WHERE submitted_by IS NOT NULL GROUP BY submitted_by, is_canceled, stage;
INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n)
  SELECT 'mine', CAST(u AS TEXT), is_canceled, stage, COUNT(*) FROM (
    SELECT id, claimed_by AS u, is_canceled, stage FROM jobs WHERE claimed_by IS NOT NULL
    UNION SELECT id, ops_owner, is_canceled, stage FROM jobs WHERE ops_owner IS NOT NULL
    UNION SELECT id, created_by, is_canceled, stage FROM jobs WHERE created_by IS NOT NULL
  ) m GROUP BY u, is_canceled, stage;

DROP TRIGGER job_facets_insert;
DROP TRIGGER job_facets_delete;
DROP TRIGGER job_facets_update;

CREATE TRIGGER job_facets_insert AFTER INSERT ON jobs BEGIN
  INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n) SELECT 'program', new.program_id, new.is_canceled, new.stage, 1 WHERE true
    ON CONFLICT (facet, value, is_canceled, stage) DO UPDATE SET n = n + 1;
  INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n) SELECT 'claimed', '1', new.is_canceled, new.stage, 1 WHERE new.claimed_by IS NOT NULL
    ON CONFLICT (facet, value, is_canceled, stage) DO UPDATE SET n = n + 1;
  INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n) SELECT 'contractor', CAST(new.contractor_id AS TEXT), new.is_canceled, new.stage, 1 WHERE new.contractor_id IS NOT NULL
    ON CONFLICT (facet, value, is_canceled, stage) DO UPDATE SET n = n + 1;
  INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n) SELECT 'ops_owner', CAST(new.ops_owner AS TEXT), new.is_canceled, new.stage, 1 WHERE new.ops_owner IS NOT NULL
    ON CONFLICT (facet, value, is_canceled, stage) DO UPDATE SET n = n + 1;
  INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n) SELECT 'eligibility', new.eligibility, new.is_canceled, new.stage, 1 WHERE true
    ON CONFLICT (facet, value, is_canceled, stage) DO UPDATE SET n = n + 1;
  INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n) SELECT 'eligible', CAST(new.is_eligible AS TEXT), new.is_canceled, new.stage, 1 WHERE true
    ON CONFLICT (facet, value, is_canceled, stage) DO UPDATE SET n = n + 1;
  INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n) SELECT 'ops_exception', CAST(new.has_ops_task_exception AS TEXT), new.is_canceled, new.stage, 1 WHERE true
    ON CONFLICT (facet, value, is_canceled, stage) DO UPDATE SET n = n + 1;
  INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n) SELECT 'contractor_exception', CAST(new.has_contractor_task_exception AS TEXT), new.is_canceled, new.stage, 1 WHERE true
    ON CONFLICT (facet, value, is_canceled, stage) DO UPDATE SET n = n + 1;
  INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n) SELECT 'creator', CAST(new.created_by AS TEXT), new.is_canceled, new.stage, 1 WHERE new.created_by IS NOT NULL
    ON CONFLICT (facet, value, is_canceled, stage) DO UPDATE SET n = n + 1;
  INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n) SELECT 'submitter', CAST(new.submitted_by AS TEXT), new.is_canceled, new.stage, 1 WHERE new.submitted_by IS NOT NULL
    ON CONFLICT (facet, value, is_canceled, stage) DO UPDATE SET n = n + 1;
  INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n) SELECT 'mine', CAST(u AS TEXT), new.is_canceled, new.stage, 1 FROM (SELECT new.claimed_by AS u UNION SELECT new.ops_owner UNION SELECT new.created_by) WHERE u IS NOT NULL
    ON CONFLICT (facet, value, is_canceled, stage) DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER job_facets_delete AFTER DELETE ON jobs BEGIN
  UPDATE job_facet_totals SET n = n - 1 WHERE facet = 'program' AND value = old.program_id AND is_canceled = old.is_canceled AND stage = old.stage;
  UPDATE job_facet_totals SET n = n - 1 WHERE old.claimed_by IS NOT NULL AND facet = 'claimed' AND value = '1' AND is_canceled = old.is_canceled AND stage = old.stage;
  UPDATE job_facet_totals SET n = n - 1 WHERE old.contractor_id IS NOT NULL AND facet = 'contractor' AND value = CAST(old.contractor_id AS TEXT) AND is_canceled = old.is_canceled AND stage = old.stage;
  UPDATE job_facet_totals SET n = n - 1 WHERE old.ops_owner IS NOT NULL AND facet = 'ops_owner' AND value = CAST(old.ops_owner AS TEXT) AND is_canceled = old.is_canceled AND stage = old.stage;
  UPDATE job_facet_totals SET n = n - 1 WHERE facet = 'eligibility' AND value = old.eligibility AND is_canceled = old.is_canceled AND stage = old.stage;
  UPDATE job_facet_totals SET n = n - 1 WHERE facet = 'eligible' AND value = CAST(old.is_eligible AS TEXT) AND is_canceled = old.is_canceled AND stage = old.stage;
  UPDATE job_facet_totals SET n = n - 1 WHERE facet = 'ops_exception' AND value = CAST(old.has_ops_task_exception AS TEXT) AND is_canceled = old.is_canceled AND stage = old.stage;
  UPDATE job_facet_totals SET n = n - 1 WHERE facet = 'contractor_exception' AND value = CAST(old.has_contractor_task_exception AS TEXT) AND is_canceled = old.is_canceled AND stage = old.stage;
  UPDATE job_facet_totals SET n = n - 1 WHERE old.created_by IS NOT NULL AND facet = 'creator' AND value = CAST(old.created_by AS TEXT) AND is_canceled = old.is_canceled AND stage = old.stage;
  UPDATE job_facet_totals SET n = n - 1 WHERE old.submitted_by IS NOT NULL AND facet = 'submitter' AND value = CAST(old.submitted_by AS TEXT) AND is_canceled = old.is_canceled AND stage = old.stage;
  UPDATE job_facet_totals SET n = n - 1 WHERE facet = 'mine' AND value IN (SELECT CAST(u AS TEXT) FROM (SELECT old.claimed_by AS u UNION SELECT old.ops_owner UNION SELECT old.created_by) WHERE u IS NOT NULL)
    AND is_canceled = old.is_canceled AND stage = old.stage;
END;

-- Each facet moves when its value changed or the job's stage or canceled-ness did ('mine': when any of its three users did).
CREATE TRIGGER job_facets_update AFTER UPDATE OF is_canceled, stage, program_id, claimed_by, contractor_id, ops_owner, eligibility, is_eligible, has_ops_task_exception, has_contractor_task_exception, created_by, submitted_by ON jobs
  WHEN (old.is_canceled IS NOT new.is_canceled OR old.stage IS NOT new.stage)
    OR old.program_id IS NOT new.program_id
    OR (old.claimed_by IS NULL) <> (new.claimed_by IS NULL)
    OR old.contractor_id IS NOT new.contractor_id
    OR old.ops_owner IS NOT new.ops_owner
    OR old.eligibility IS NOT new.eligibility
    OR old.is_eligible IS NOT new.is_eligible
    OR old.has_ops_task_exception IS NOT new.has_ops_task_exception
    OR old.has_contractor_task_exception IS NOT new.has_contractor_task_exception
    OR old.created_by IS NOT new.created_by
    OR old.submitted_by IS NOT new.submitted_by
    OR old.claimed_by IS NOT new.claimed_by BEGIN
  UPDATE job_facet_totals SET n = n - 1 WHERE ((old.is_canceled IS NOT new.is_canceled OR old.stage IS NOT new.stage) OR old.program_id IS NOT new.program_id) AND facet = 'program' AND value = old.program_id AND is_canceled = old.is_canceled AND stage = old.stage;
  UPDATE job_facet_totals SET n = n - 1 WHERE ((old.is_canceled IS NOT new.is_canceled OR old.stage IS NOT new.stage) OR (old.claimed_by IS NULL) <> (new.claimed_by IS NULL)) AND old.claimed_by IS NOT NULL AND facet = 'claimed' AND value = '1' AND is_canceled = old.is_canceled AND stage = old.stage;
  UPDATE job_facet_totals SET n = n - 1 WHERE ((old.is_canceled IS NOT new.is_canceled OR old.stage IS NOT new.stage) OR old.contractor_id IS NOT new.contractor_id) AND old.contractor_id IS NOT NULL AND facet = 'contractor' AND value = CAST(old.contractor_id AS TEXT) AND is_canceled = old.is_canceled AND stage = old.stage;
  UPDATE job_facet_totals SET n = n - 1 WHERE ((old.is_canceled IS NOT new.is_canceled OR old.stage IS NOT new.stage) OR old.ops_owner IS NOT new.ops_owner) AND old.ops_owner IS NOT NULL AND facet = 'ops_owner' AND value = CAST(old.ops_owner AS TEXT) AND is_canceled = old.is_canceled AND stage = old.stage;
  UPDATE job_facet_totals SET n = n - 1 WHERE ((old.is_canceled IS NOT new.is_canceled OR old.stage IS NOT new.stage) OR old.eligibility IS NOT new.eligibility) AND facet = 'eligibility' AND value = old.eligibility AND is_canceled = old.is_canceled AND stage = old.stage;
  UPDATE job_facet_totals SET n = n - 1 WHERE ((old.is_canceled IS NOT new.is_canceled OR old.stage IS NOT new.stage) OR old.is_eligible IS NOT new.is_eligible) AND facet = 'eligible' AND value = CAST(old.is_eligible AS TEXT) AND is_canceled = old.is_canceled AND stage = old.stage;
  UPDATE job_facet_totals SET n = n - 1 WHERE ((old.is_canceled IS NOT new.is_canceled OR old.stage IS NOT new.stage) OR old.has_ops_task_exception IS NOT new.has_ops_task_exception) AND facet = 'ops_exception' AND value = CAST(old.has_ops_task_exception AS TEXT) AND is_canceled = old.is_canceled AND stage = old.stage;
  UPDATE job_facet_totals SET n = n - 1 WHERE ((old.is_canceled IS NOT new.is_canceled OR old.stage IS NOT new.stage) OR old.has_contractor_task_exception IS NOT new.has_contractor_task_exception) AND facet = 'contractor_exception' AND value = CAST(old.has_contractor_task_exception AS TEXT) AND is_canceled = old.is_canceled AND stage = old.stage;
  UPDATE job_facet_totals SET n = n - 1 WHERE ((old.is_canceled IS NOT new.is_canceled OR old.stage IS NOT new.stage) OR old.created_by IS NOT new.created_by) AND old.created_by IS NOT NULL AND facet = 'creator' AND value = CAST(old.created_by AS TEXT) AND is_canceled = old.is_canceled AND stage = old.stage;
  UPDATE job_facet_totals SET n = n - 1 WHERE ((old.is_canceled IS NOT new.is_canceled OR old.stage IS NOT new.stage) OR old.submitted_by IS NOT new.submitted_by) AND old.submitted_by IS NOT NULL AND facet = 'submitter' AND value = CAST(old.submitted_by AS TEXT) AND is_canceled = old.is_canceled AND stage = old.stage;
  UPDATE job_facet_totals SET n = n - 1 WHERE ((old.is_canceled IS NOT new.is_canceled OR old.stage IS NOT new.stage) OR old.claimed_by IS NOT new.claimed_by OR old.ops_owner IS NOT new.ops_owner OR old.created_by IS NOT new.created_by) AND facet = 'mine' AND value IN (SELECT CAST(u AS TEXT) FROM (SELECT old.claimed_by AS u UNION SELECT old.ops_owner UNION SELECT old.created_by) WHERE u IS NOT NULL)
    AND is_canceled = old.is_canceled AND stage = old.stage;
  INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n) SELECT 'program', new.program_id, new.is_canceled, new.stage, 1 WHERE ((old.is_canceled IS NOT new.is_canceled OR old.stage IS NOT new.stage) OR old.program_id IS NOT new.program_id)
    ON CONFLICT (facet, value, is_canceled, stage) DO UPDATE SET n = n + 1;
  INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n) SELECT 'claimed', '1', new.is_canceled, new.stage, 1 WHERE new.claimed_by IS NOT NULL AND ((old.is_canceled IS NOT new.is_canceled OR old.stage IS NOT new.stage) OR (old.claimed_by IS NULL) <> (new.claimed_by IS NULL))
    ON CONFLICT (facet, value, is_canceled, stage) DO UPDATE SET n = n + 1;
  INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n) SELECT 'contractor', CAST(new.contractor_id AS TEXT), new.is_canceled, new.stage, 1 WHERE new.contractor_id IS NOT NULL AND ((old.is_canceled IS NOT new.is_canceled OR old.stage IS NOT new.stage) OR old.contractor_id IS NOT new.contractor_id)
    ON CONFLICT (facet, value, is_canceled, stage) DO UPDATE SET n = n + 1;
  INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n) SELECT 'ops_owner', CAST(new.ops_owner AS TEXT), new.is_canceled, new.stage, 1 WHERE new.ops_owner IS NOT NULL AND ((old.is_canceled IS NOT new.is_canceled OR old.stage IS NOT new.stage) OR old.ops_owner IS NOT new.ops_owner)
    ON CONFLICT (facet, value, is_canceled, stage) DO UPDATE SET n = n + 1;
  INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n) SELECT 'eligibility', new.eligibility, new.is_canceled, new.stage, 1 WHERE ((old.is_canceled IS NOT new.is_canceled OR old.stage IS NOT new.stage) OR old.eligibility IS NOT new.eligibility)
    ON CONFLICT (facet, value, is_canceled, stage) DO UPDATE SET n = n + 1;
  INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n) SELECT 'eligible', CAST(new.is_eligible AS TEXT), new.is_canceled, new.stage, 1 WHERE ((old.is_canceled IS NOT new.is_canceled OR old.stage IS NOT new.stage) OR old.is_eligible IS NOT new.is_eligible)
    ON CONFLICT (facet, value, is_canceled, stage) DO UPDATE SET n = n + 1;
  INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n) SELECT 'ops_exception', CAST(new.has_ops_task_exception AS TEXT), new.is_canceled, new.stage, 1 WHERE ((old.is_canceled IS NOT new.is_canceled OR old.stage IS NOT new.stage) OR old.has_ops_task_exception IS NOT new.has_ops_task_exception)
    ON CONFLICT (facet, value, is_canceled, stage) DO UPDATE SET n = n + 1;
  INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n) SELECT 'contractor_exception', CAST(new.has_contractor_task_exception AS TEXT), new.is_canceled, new.stage, 1 WHERE ((old.is_canceled IS NOT new.is_canceled OR old.stage IS NOT new.stage) OR old.has_contractor_task_exception IS NOT new.has_contractor_task_exception)
    ON CONFLICT (facet, value, is_canceled, stage) DO UPDATE SET n = n + 1;
  INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n) SELECT 'creator', CAST(new.created_by AS TEXT), new.is_canceled, new.stage, 1 WHERE new.created_by IS NOT NULL AND ((old.is_canceled IS NOT new.is_canceled OR old.stage IS NOT new.stage) OR old.created_by IS NOT new.created_by)
    ON CONFLICT (facet, value, is_canceled, stage) DO UPDATE SET n = n + 1;
  INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n) SELECT 'submitter', CAST(new.submitted_by AS TEXT), new.is_canceled, new.stage, 1 WHERE new.submitted_by IS NOT NULL AND ((old.is_canceled IS NOT new.is_canceled OR old.stage IS NOT new.stage) OR old.submitted_by IS NOT new.submitted_by)
    ON CONFLICT (facet, value, is_canceled, stage) DO UPDATE SET n = n + 1;
  INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n) SELECT 'mine', CAST(u AS TEXT), new.is_canceled, new.stage, 1 FROM (SELECT new.claimed_by AS u UNION SELECT new.ops_owner UNION SELECT new.created_by) WHERE u IS NOT NULL AND ((old.is_canceled IS NOT new.is_canceled OR old.stage IS NOT new.stage) OR old.claimed_by IS NOT new.claimed_by OR old.ops_owner IS NOT new.ops_owner OR old.created_by IS NOT new.created_by)
    ON CONFLICT (facet, value, is_canceled, stage) DO UPDATE SET n = n + 1;
END;
