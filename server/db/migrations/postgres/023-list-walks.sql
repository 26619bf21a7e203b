-- Jobs list pages that filter (spec sect. 7). A page walks an index in its sort order and stops after 25 rows, but a
-- filter the walk's index does not hold was checked on the table's row: a program and eligibility page at 100,000 jobs
-- read ~400 rows of other programs for its 25 (1-3 ms on PostgreSQL), a filter matching no job read every row (40 ms).
-- The walks now carry every column the list filters on (INCLUDE: stored, not ordered), and the page is found on the
-- index alone before its 25 rows are read (server/db/job-lists.db.ts, listJobs): a filter passes over index entries,
-- not rows. id ends each key as it ends each sort. Sorting by stage walks stage, then creation order.
DROP INDEX jobs_by_created;
DROP INDEX jobs_by_name;
DROP INDEX jobs_by_stage_entered;
DROP INDEX jobs_list;
CREATE INDEX jobs_by_created ON jobs (is_canceled, created_at, id) INCLUDE (stage, program_id, eligibility, is_eligible, contractor_id,
  homeowner_user_id, ops_owner, claimed_by, created_by, submitted_by, has_ops_task_exception, has_contractor_task_exception);
CREATE INDEX jobs_by_name ON jobs (is_canceled, full_name, id) INCLUDE (stage, program_id, eligibility, is_eligible, contractor_id,
  homeowner_user_id, ops_owner, claimed_by, created_by, submitted_by, has_ops_task_exception, has_contractor_task_exception);
CREATE INDEX jobs_by_stage_entered ON jobs (is_canceled, stage_entered_at, id) INCLUDE (stage, program_id, eligibility, is_eligible, contractor_id,
  homeowner_user_id, ops_owner, claimed_by, created_by, submitted_by, has_ops_task_exception, has_contractor_task_exception);
CREATE INDEX jobs_by_updated ON jobs (is_canceled, updated_at, id) INCLUDE (stage, program_id, eligibility, is_eligible, contractor_id,
  homeowner_user_id, ops_owner, claimed_by, created_by, submitted_by, has_ops_task_exception, has_contractor_task_exception);
CREATE INDEX jobs_list ON jobs (is_canceled, stage, created_at, id) INCLUDE (program_id, eligibility, is_eligible, contractor_id,
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
  SELECT 'eligible', is_eligible::text, is_canceled, stage, COUNT(*) FROM jobs GROUP BY is_eligible, is_canceled, stage;
INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n)
  SELECT 'ops_exception', has_ops_task_exception::text, is_canceled, stage, COUNT(*) FROM jobs GROUP BY has_ops_task_exception, is_canceled, stage;
INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n)
  SELECT 'contractor_exception', has_contractor_task_exception::text, is_canceled, stage, COUNT(*) FROM jobs GROUP BY has_contractor_task_exception, is_canceled, stage;
INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n)
  SELECT 'creator', created_by::text, is_canceled, stage, COUNT(*) FROM jobs WHERE created_by IS NOT NULL GROUP BY created_by, is_canceled, stage;
INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n)
  SELECT 'submitter', submitted_by::text, is_canceled, stage, COUNT(*) FROM jobs WHERE submitted_by IS NOT NULL GROUP BY submitted_by, is_canceled, stage;
INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n)
  SELECT 'mine', CAST(u AS TEXT), is_canceled, stage, COUNT(*) FROM (
    SELECT id, claimed_by AS u, is_canceled, stage FROM jobs WHERE claimed_by IS NOT NULL
    UNION SELECT id, ops_owner, is_canceled, stage FROM jobs WHERE ops_owner IS NOT NULL
    UNION SELECT id, created_by, is_canceled, stage FROM jobs WHERE created_by IS NOT NULL
  ) m GROUP BY u, is_canceled, stage;

-- One facet of a write: the old value out and the new one in, when either the value or the job's place moved.
CREATE FUNCTION job_facet_move(op TEXT, moved BOOLEAN, f TEXT, o TEXT, o_c INTEGER, o_s INTEGER, v TEXT, c INTEGER, s INTEGER) RETURNS void
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF op = 'UPDATE' AND NOT moved AND o IS NOT DISTINCT FROM v THEN
    RETURN;
  END IF;
  IF op <> 'INSERT' AND o IS NOT NULL THEN PERFORM job_facet_add(f, o, o_c, o_s, -1); END IF;
  IF op <> 'DELETE' AND v IS NOT NULL THEN PERFORM job_facet_add(f, v, c, s, 1); END IF;
END
$$;

CREATE OR REPLACE FUNCTION job_facets_change() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  o jobs%ROWTYPE;
  n jobs%ROWTYPE;
  moved BOOLEAN;
BEGIN
  IF TG_OP = 'UPDATE' AND old.is_canceled = new.is_canceled AND old.stage = new.stage AND old.program_id = new.program_id
    AND old.claimed_by IS NOT DISTINCT FROM new.claimed_by AND old.contractor_id IS NOT DISTINCT FROM new.contractor_id
    AND old.ops_owner IS NOT DISTINCT FROM new.ops_owner AND old.eligibility = new.eligibility AND old.is_eligible = new.is_eligible
    AND old.has_ops_task_exception = new.has_ops_task_exception AND old.has_contractor_task_exception = new.has_contractor_task_exception
    AND old.created_by IS NOT DISTINCT FROM new.created_by AND old.submitted_by IS NOT DISTINCT FROM new.submitted_by THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN o := old; END IF;
  IF TG_OP <> 'DELETE' THEN n := new; END IF;
  moved := TG_OP = 'UPDATE' AND (o.is_canceled <> n.is_canceled OR o.stage <> n.stage);
  PERFORM job_facet_move(TG_OP, moved, 'program', o.program_id, o.is_canceled, o.stage, n.program_id, n.is_canceled, n.stage);
  PERFORM job_facet_move(TG_OP, moved, 'claimed', CASE WHEN o.claimed_by IS NOT NULL THEN '1' END, o.is_canceled, o.stage,
    CASE WHEN n.claimed_by IS NOT NULL THEN '1' END, n.is_canceled, n.stage);
  PERFORM job_facet_move(TG_OP, moved, 'contractor', o.contractor_id::text, o.is_canceled, o.stage, n.contractor_id::text, n.is_canceled, n.stage);
  PERFORM job_facet_move(TG_OP, moved, 'ops_owner', o.ops_owner::text, o.is_canceled, o.stage, n.ops_owner::text, n.is_canceled, n.stage);
  PERFORM job_facet_move(TG_OP, moved, 'eligibility', o.eligibility, o.is_canceled, o.stage, n.eligibility, n.is_canceled, n.stage);
  PERFORM job_facet_move(TG_OP, moved, 'eligible', o.is_eligible::text, o.is_canceled, o.stage, n.is_eligible::text, n.is_canceled, n.stage);
  PERFORM job_facet_move(TG_OP, moved, 'ops_exception', o.has_ops_task_exception::text, o.is_canceled, o.stage,
    n.has_ops_task_exception::text, n.is_canceled, n.stage);
  PERFORM job_facet_move(TG_OP, moved, 'contractor_exception', o.has_contractor_task_exception::text, o.is_canceled, o.stage,
    n.has_contractor_task_exception::text, n.is_canceled, n.stage);
  PERFORM job_facet_move(TG_OP, moved, 'creator', o.created_by::text, o.is_canceled, o.stage, n.created_by::text, n.is_canceled, n.stage);
  PERFORM job_facet_move(TG_OP, moved, 'submitter', o.submitted_by::text, o.is_canceled, o.stage, n.submitted_by::text, n.is_canceled, n.stage);
  IF TG_OP <> 'UPDATE' OR moved OR o.claimed_by IS DISTINCT FROM n.claimed_by OR o.ops_owner IS DISTINCT FROM n.ops_owner
    OR o.created_by IS DISTINCT FROM n.created_by THEN
    IF TG_OP <> 'INSERT' THEN
      PERFORM job_facet_add('mine', u::text, o.is_canceled, o.stage, -1)
        FROM (SELECT DISTINCT x FROM unnest(ARRAY[o.claimed_by, o.ops_owner, o.created_by]) AS t(x) WHERE x IS NOT NULL) AS m(u);
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM job_facet_add('mine', u::text, n.is_canceled, n.stage, 1)
        FROM (SELECT DISTINCT x FROM unnest(ARRAY[n.claimed_by, n.ops_owner, n.created_by]) AS t(x) WHERE x IS NOT NULL) AS m(u);
    END IF;
  END IF;
  RETURN NULL;
END
$$;

DROP TRIGGER job_facets_change ON jobs;
CREATE TRIGGER job_facets_change AFTER INSERT OR DELETE OR UPDATE OF is_canceled, stage, program_id, claimed_by, contractor_id, ops_owner,
  eligibility, is_eligible, has_ops_task_exception, has_contractor_task_exception, created_by, submitted_by ON jobs
  FOR EACH ROW EXECUTE FUNCTION job_facets_change();
