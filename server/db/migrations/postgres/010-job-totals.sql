-- Jobs per (is_canceled, stage), kept by a trigger: the ops views with no other filter (every job, a
-- stage tab, the canceled tab, the per-stage summary) read at most 14 rows instead of counting 100,000.
-- Claimed jobs get a partial index: the "claimed" filter's page and counts read only those rows
-- (claimed_by is in it so that it covers them).
-- A job write locks its (is_canceled, stage) row until it commits, as the jobs version counter already
-- serialises job writes.
CREATE TABLE job_totals (
  is_canceled INTEGER NOT NULL,
  stage INTEGER NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (is_canceled, stage)
);

INSERT INTO job_totals (is_canceled, stage, n) SELECT is_canceled, stage, COUNT(*) FROM jobs GROUP BY is_canceled, stage;

CREATE FUNCTION job_totals_change() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND old.is_canceled = new.is_canceled AND old.stage = new.stage THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE job_totals SET n = n - 1 WHERE is_canceled = old.is_canceled AND stage = old.stage;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO job_totals (is_canceled, stage, n) VALUES (new.is_canceled, new.stage, 1)
      ON CONFLICT (is_canceled, stage) DO UPDATE SET n = job_totals.n + 1;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER job_totals_change AFTER INSERT OR DELETE OR UPDATE OF is_canceled, stage ON jobs FOR EACH ROW EXECUTE FUNCTION job_totals_change();

CREATE INDEX jobs_claimed ON jobs (is_canceled, stage, created_at, claimed_by) WHERE claimed_by IS NOT NULL;
