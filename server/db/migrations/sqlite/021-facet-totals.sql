-- Jobs per (facet, value, is_canceled, stage), kept by triggers, as job_totals (migration 010) keeps them
-- per (is_canceled, stage): a list filtered by one action owner, program, company, ops owner or
-- claimed-ness and nothing else (an ops tab; a contractor's own jobs, whose company is the one filter)
-- reads its total and per-stage counts from at most 14 rows instead of counting up to ~30,000 index
-- entries (1-5 ms each on PostgreSQL at 100,000 jobs, the bench's slowest counts).
-- Facets (value as text): 'owner' (the role, from job_action_owners), 'program' (program_id), 'contractor'
-- (contractor_id, when set), 'ops_owner' (ops_owner, when set), 'claimed' ('1': claimed_by is set).
CREATE TABLE job_facet_totals (
  facet TEXT NOT NULL,
  value TEXT NOT NULL,
  is_canceled INTEGER NOT NULL,
  stage INTEGER NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (facet, value, is_canceled, stage)
) WITHOUT ROWID;

INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n)
  SELECT 'program', program_id, is_canceled, stage, COUNT(*) FROM jobs GROUP BY program_id, is_canceled, stage;
INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n)
  SELECT 'claimed', '1', is_canceled, stage, COUNT(*) FROM jobs WHERE claimed_by IS NOT NULL GROUP BY is_canceled, stage;
INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n)
  SELECT 'contractor', CAST(contractor_id AS TEXT), is_canceled, stage, COUNT(*) FROM jobs WHERE contractor_id IS NOT NULL GROUP BY contractor_id, is_canceled, stage;
INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n)
  SELECT 'ops_owner', CAST(ops_owner AS TEXT), is_canceled, stage, COUNT(*) FROM jobs WHERE ops_owner IS NOT NULL GROUP BY ops_owner, is_canceled, stage;
INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n)
  SELECT 'owner', role, is_canceled, stage, COUNT(*) FROM job_action_owners GROUP BY role, is_canceled, stage;

CREATE TRIGGER job_facets_insert AFTER INSERT ON jobs BEGIN
  INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n) VALUES ('program', new.program_id, new.is_canceled, new.stage, 1)
    ON CONFLICT (facet, value, is_canceled, stage) DO UPDATE SET n = n + 1;
  INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n) SELECT 'claimed', '1', new.is_canceled, new.stage, 1 WHERE new.claimed_by IS NOT NULL
    ON CONFLICT (facet, value, is_canceled, stage) DO UPDATE SET n = n + 1;
  INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n) SELECT 'contractor', CAST(new.contractor_id AS TEXT), new.is_canceled, new.stage, 1 WHERE new.contractor_id IS NOT NULL
    ON CONFLICT (facet, value, is_canceled, stage) DO UPDATE SET n = n + 1;
  INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n) SELECT 'ops_owner', CAST(new.ops_owner AS TEXT), new.is_canceled, new.stage, 1 WHERE new.ops_owner IS NOT NULL
    ON CONFLICT (facet, value, is_canceled, stage) DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER job_facets_delete AFTER DELETE ON jobs BEGIN
  UPDATE job_facet_totals SET n = n - 1 WHERE facet = 'program' AND value = old.program_id AND is_canceled = old.is_canceled AND stage = old.stage;
  UPDATE job_facet_totals SET n = n - 1 WHERE old.claimed_by IS NOT NULL AND facet = 'claimed' AND value = '1' AND is_canceled = old.is_canceled AND stage = old.stage;
  UPDATE job_facet_totals SET n = n - 1 WHERE facet = 'contractor' AND value = CAST(old.contractor_id AS TEXT) AND is_canceled = old.is_canceled AND stage = old.stage;
  UPDATE job_facet_totals SET n = n - 1 WHERE facet = 'ops_owner' AND value = CAST(old.ops_owner AS TEXT) AND is_canceled = old.is_canceled AND stage = old.stage;
END;

CREATE TRIGGER job_facets_update AFTER UPDATE OF is_canceled, stage, program_id, claimed_by, contractor_id, ops_owner ON jobs
  WHEN old.is_canceled IS NOT new.is_canceled OR old.stage IS NOT new.stage OR old.program_id IS NOT new.program_id
    OR (old.claimed_by IS NULL) <> (new.claimed_by IS NULL) OR old.contractor_id IS NOT new.contractor_id OR old.ops_owner IS NOT new.ops_owner BEGIN
  UPDATE job_facet_totals SET n = n - 1 WHERE facet = 'program' AND value = old.program_id AND is_canceled = old.is_canceled AND stage = old.stage;
  UPDATE job_facet_totals SET n = n - 1 WHERE old.claimed_by IS NOT NULL AND facet = 'claimed' AND value = '1' AND is_canceled = old.is_canceled AND stage = old.stage;
  UPDATE job_facet_totals SET n = n - 1 WHERE facet = 'contractor' AND value = CAST(old.contractor_id AS TEXT) AND is_canceled = old.is_canceled AND stage = old.stage;
  UPDATE job_facet_totals SET n = n - 1 WHERE facet = 'ops_owner' AND value = CAST(old.ops_owner AS TEXT) AND is_canceled = old.is_canceled AND stage = old.stage;
  INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n) VALUES ('program', new.program_id, new.is_canceled, new.stage, 1)
    ON CONFLICT (facet, value, is_canceled, stage) DO UPDATE SET n = n + 1;
  INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n) SELECT 'claimed', '1', new.is_canceled, new.stage, 1 WHERE new.claimed_by IS NOT NULL
    ON CONFLICT (facet, value, is_canceled, stage) DO UPDATE SET n = n + 1;
  INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n) SELECT 'contractor', CAST(new.contractor_id AS TEXT), new.is_canceled, new.stage, 1 WHERE new.contractor_id IS NOT NULL
    ON CONFLICT (facet, value, is_canceled, stage) DO UPDATE SET n = n + 1;
  INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n) SELECT 'ops_owner', CAST(new.ops_owner AS TEXT), new.is_canceled, new.stage, 1 WHERE new.ops_owner IS NOT NULL
    ON CONFLICT (facet, value, is_canceled, stage) DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER job_owner_facets_insert AFTER INSERT ON job_action_owners BEGIN
  INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n) VALUES ('owner', new.role, new.is_canceled, new.stage, 1)
    ON CONFLICT (facet, value, is_canceled, stage) DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER job_owner_facets_delete AFTER DELETE ON job_action_owners BEGIN
  UPDATE job_facet_totals SET n = n - 1 WHERE facet = 'owner' AND value = old.role AND is_canceled = old.is_canceled AND stage = old.stage;
END;

CREATE TRIGGER job_owner_facets_update AFTER UPDATE OF role, is_canceled, stage ON job_action_owners
  WHEN old.role IS NOT new.role OR old.is_canceled IS NOT new.is_canceled OR old.stage IS NOT new.stage BEGIN
  UPDATE job_facet_totals SET n = n - 1 WHERE facet = 'owner' AND value = old.role AND is_canceled = old.is_canceled AND stage = old.stage;
  INSERT INTO job_facet_totals (facet, value, is_canceled, stage, n) VALUES ('owner', new.role, new.is_canceled, new.stage, 1)
    ON CONFLICT (facet, value, is_canceled, stage) DO UPDATE SET n = n + 1;
END;

-- Two list pages that walked an index of every job and dropped most rows: an ops owner's jobs in creation
-- order (~1,000 rows read for a page of 25) and a company's jobs by name (~2,000).
CREATE INDEX jobs_by_ops_owner_created ON jobs (ops_owner, is_canceled, created_at);
CREATE INDEX jobs_by_contractor_name ON jobs (is_canceled, contractor_id, full_name);
