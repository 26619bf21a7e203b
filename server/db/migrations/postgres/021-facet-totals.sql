-- Jobs per (facet, value, is_canceled, stage), kept by triggers, as job_totals (migration 010) keeps them
-- per (is_canceled, stage): a list filtered by one action owner, program, company, ops owner or
-- claimed-ness and nothing else (an ops tab; a contractor's own jobs, whose company is the one filter)
-- reads its total and per-stage counts from at most 14 rows instead of counting up to ~30,000 index
-- entries (1-5 ms each at 100,000 jobs, the bench's slowest counts).
-- Facets (value as text): 'owner' (the role, from job_action_owners), 'program' (program_id), 'contractor'
-- (contractor_id, when set), 'ops_owner' (ops_owner, when set), 'claimed' ('1': claimed_by is set).
-- A job write locks the rows of its facets until it commits, as the jobs version counter already
-- serialises job writes.
CREATE TABLE job_facet_totals (
  facet TEXT COLLATE "C" NOT NULL,
  value TEXT COLLATE "C" NOT NULL,
  is_canceled INTEGER NOT NULL,
  stage INTEGER NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (facet, value, is_canceled, stage)
);

INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n)
  SELECT 'program', program_id, is_canceled, stage, COUNT(*) FROM jobs GROUP BY program_id, is_canceled, stage;
INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n)
  SELECT 'claimed', '1', is_canceled, stage, COUNT(*) FROM jobs WHERE claimed_by IS NOT NULL GROUP BY is_canceled, stage;
INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n)
  SELECT 'contractor', contractor_id::text, is_canceled, stage, COUNT(*) FROM jobs WHERE contractor_id IS NOT NULL GROUP BY contractor_id, is_canceled, stage;
INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n)
  SELECT 'ops_owner', ops_owner::text, is_canceled, stage, COUNT(*) FROM jobs WHERE ops_owner IS NOT NULL GROUP BY ops_owner, is_canceled, stage;
INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n)
  SELECT 'owner', role, is_canceled, stage, COUNT(*) FROM job_action_owners GROUP BY role, is_canceled, stage;

CREATE FUNCTION job_facet_add(f TEXT, v TEXT, c INTEGER, s INTEGER, d INTEGER) RETURNS void LANGUAGE sql SET search_path FROM CURRENT AS $$
  INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n) VALUES (f, v, c, s, d)
    ON CONFLICT (facet, value, is_canceled, stage) DO UPDATE SET n = job_facet_totals.n + d;
$$;

CREATE FUNCTION job_facets_change() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND old.is_canceled = new.is_canceled AND old.stage = new.stage AND old.program_id = new.program_id
    AND (old.claimed_by IS NULL) = (new.claimed_by IS NULL) AND old.contractor_id IS NOT DISTINCT FROM new.contractor_id
    AND old.ops_owner IS NOT DISTINCT FROM new.ops_owner THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM job_facet_add('program', old.program_id, old.is_canceled, old.stage, -1);
    IF old.claimed_by IS NOT NULL THEN PERFORM job_facet_add('claimed', '1', old.is_canceled, old.stage, -1); END IF;
    IF old.contractor_id IS NOT NULL THEN PERFORM job_facet_add('contractor', old.contractor_id::text, old.is_canceled, old.stage, -1); END IF;
    IF old.ops_owner IS NOT NULL THEN PERFORM job_facet_add('ops_owner', old.ops_owner::text, old.is_canceled, old.stage, -1); END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM job_facet_add('program', new.program_id, new.is_canceled, new.stage, 1);
    IF new.claimed_by IS NOT NULL THEN PERFORM job_facet_add('claimed', '1', new.is_canceled, new.stage, 1); END IF;
    IF new.contractor_id IS NOT NULL THEN PERFORM job_facet_add('contractor', new.contractor_id::text, new.is_canceled, new.stage, 1); END IF;
    IF new.ops_owner IS NOT NULL THEN PERFORM job_facet_add('ops_owner', new.ops_owner::text, new.is_canceled, new.stage, 1); END IF;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER job_facets_change AFTER INSERT OR DELETE OR UPDATE OF is_canceled, stage, program_id, claimed_by, contractor_id, ops_owner ON jobs
  FOR EACH ROW EXECUTE FUNCTION job_facets_change();

CREATE FUNCTION job_owner_facets_change() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND old.role = new.role AND old.is_canceled = new.is_canceled AND old.stage = new.stage THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM job_facet_add('owner', old.role, old.is_canceled, old.stage, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM job_facet_add('owner', new.role, new.is_canceled, new.stage, 1);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER job_owner_facets_change AFTER INSERT OR DELETE OR UPDATE OF role, is_canceled, stage ON job_action_owners
  FOR EACH ROW EXECUTE FUNCTION job_owner_facets_change();

-- Two list pages that walked an index of every job and dropped most rows: an ops owner's jobs in creation
-- order (~1,000 rows read for a page of 25) and a company's jobs by name (~2,000).
CREATE INDEX jobs_by_ops_owner_created ON jobs (ops_owner, is_canceled, created_at);
CREATE INDEX jobs_by_contractor_name ON jobs (is_canceled, contractor_id, full_name);

-- The jobs version is bumped before a statement writes jobs, no longer after it: a transaction writing
-- jobs then takes the counter's row before any totals row. After the statement, two transactions each
-- writing jobs twice could each hold totals rows of their first write while one waits on the counter
-- held by the other, whose second write waits on those rows (a deadlock, one of them aborted); now they
-- queue on the counter first. The counter's value is seen with the rest of the write, at commit.
DROP TRIGGER jobs_version_change ON jobs;
CREATE TRIGGER jobs_version_change BEFORE INSERT OR UPDATE OR DELETE ON jobs FOR EACH STATEMENT EXECUTE FUNCTION bump_jobs_version();
