-- Search (spec sect. 2): FTS5 trigram indexes over the searchable text of jobs and contractors. They
-- only narrow the candidates (any shared trigram, so typos still match); fuse.js ranks them with the
-- engine's search config (server/services/search.service.ts).
--
-- One index row per searchable field, rowid = owner id * 8 + field number, so a single MATCH tells
-- which field of which job matched without reading any text. The text is wrapped in char(2) ... char(3)
-- so that "the whole field equals the query" (fuse.js scores it far above a substring) and a two-letter
-- query at the end of a field are trigram queries too. detail=none: only AND/OR of single trigrams are
-- asked, which keeps the index small.
--
-- Job fields: 0 full_name, 1 address, 2 city, 3 contractor name, 4 code, 5 external_id.
CREATE VIEW jobs_search_fields AS
  SELECT id AS job_id, id * 8 + 0 AS key, full_name AS value FROM jobs
  UNION ALL SELECT id, id * 8 + 1, address FROM jobs
  UNION ALL SELECT id, id * 8 + 2, city FROM jobs
  UNION ALL SELECT j.id, j.id * 8 + 3, c.name FROM jobs j JOIN contractors c ON c.id = j.contractor_id
  UNION ALL SELECT id, id * 8 + 4, code FROM jobs
  UNION ALL SELECT id, id * 8 + 5, external_id FROM jobs;

CREATE VIRTUAL TABLE jobs_search USING fts5(text, tokenize = 'trigram', detail = 'none');
-- The trigrams of the index, for two-letter queries (every trigram starting with the two letters).
CREATE VIRTUAL TABLE jobs_search_terms USING fts5vocab(jobs_search, 'row');

INSERT INTO jobs_search (rowid, text) SELECT key, char(2) || value || char(3) FROM jobs_search_fields WHERE value IS NOT NULL AND value <> '';

CREATE TRIGGER jobs_search_insert AFTER INSERT ON jobs BEGIN
  INSERT INTO jobs_search (rowid, text)
    SELECT key, char(2) || value || char(3) FROM jobs_search_fields WHERE job_id = new.id AND value IS NOT NULL AND value <> '';
END;

CREATE TRIGGER jobs_search_update AFTER UPDATE OF full_name, address, city, contractor_id, code, external_id ON jobs BEGIN
  DELETE FROM jobs_search WHERE rowid BETWEEN old.id * 8 AND old.id * 8 + 7;
  INSERT INTO jobs_search (rowid, text)
    SELECT key, char(2) || value || char(3) FROM jobs_search_fields WHERE job_id = new.id AND value IS NOT NULL AND value <> '';
END;

CREATE TRIGGER jobs_search_delete AFTER DELETE ON jobs BEGIN
  DELETE FROM jobs_search WHERE rowid BETWEEN old.id * 8 AND old.id * 8 + 7;
END;

-- A renamed company is renamed in the search text of each of its jobs.
CREATE TRIGGER jobs_search_contractor_rename AFTER UPDATE OF name ON contractors BEGIN
  UPDATE jobs_search SET text = char(2) || new.name || char(3) WHERE rowid IN (SELECT id * 8 + 3 FROM jobs WHERE contractor_id = new.id);
END;

-- Contractor fields: 0 name, 1 primary_contact, 2 address, 3 city, 4 phone, 5 email.
CREATE VIEW contractors_search_fields AS
  SELECT id AS contractor_id, id * 8 + 0 AS key, name AS value FROM contractors
  UNION ALL SELECT id, id * 8 + 1, primary_contact FROM contractors
  UNION ALL SELECT id, id * 8 + 2, address FROM contractors
  UNION ALL SELECT id, id * 8 + 3, city FROM contractors
  UNION ALL SELECT id, id * 8 + 4, phone FROM contractors
  UNION ALL SELECT id, id * 8 + 5, email FROM contractors;

CREATE VIRTUAL TABLE contractors_search USING fts5(text, tokenize = 'trigram', detail = 'none');
CREATE VIRTUAL TABLE contractors_search_terms USING fts5vocab(contractors_search, 'row');

INSERT INTO contractors_search (rowid, text) SELECT key, char(2) || value || char(3) FROM contractors_search_fields WHERE value IS NOT NULL AND value <> '';

CREATE TRIGGER contractors_search_insert AFTER INSERT ON contractors BEGIN
  INSERT INTO contractors_search (rowid, text)
    SELECT key, char(2) || value || char(3) FROM contractors_search_fields WHERE contractor_id = new.id AND value IS NOT NULL AND value <> '';
END;

CREATE TRIGGER contractors_search_update AFTER UPDATE OF name, primary_contact, address, city, phone, email ON contractors BEGIN
  DELETE FROM contractors_search WHERE rowid BETWEEN old.id * 8 AND old.id * 8 + 7;
  INSERT INTO contractors_search (rowid, text)
    SELECT key, char(2) || value || char(3) FROM contractors_search_fields WHERE contractor_id = new.id AND value IS NOT NULL AND value <> '';
END;

CREATE TRIGGER contractors_search_delete AFTER DELETE ON contractors BEGIN
  DELETE FROM contractors_search WHERE rowid BETWEEN old.id * 8 AND old.id * 8 + 7;
END;

-- Jobs list (spec sect. 7, bench/api.bench.ts part a). Pages walk an index in the sort order (no
-- sort of every row): created_at (the default), job name, days in stage, per company and per
-- homeowner. Counts and per-stage summaries read indexes only: one per selective filter, and one
-- wide index holding every filter column for the rest (ordered by stage for GROUP BY stage).
CREATE INDEX jobs_by_created ON jobs (is_canceled, created_at);
CREATE INDEX jobs_by_name ON jobs (is_canceled, full_name);
CREATE INDEX jobs_by_stage_entered ON jobs (is_canceled, stage_entered_at);
CREATE INDEX jobs_by_contractor_created ON jobs (contractor_id, is_canceled, created_at);
CREATE INDEX jobs_by_homeowner_created ON jobs (homeowner_user_id, is_canceled, created_at);
CREATE INDEX jobs_by_homeowner_stage ON jobs (homeowner_user_id, is_canceled, stage);
CREATE INDEX jobs_by_program ON jobs (program_id, is_canceled, stage, eligibility);
CREATE INDEX jobs_by_eligibility ON jobs (eligibility, is_canceled, stage);
CREATE INDEX jobs_by_ops_owner ON jobs (ops_owner, is_canceled, stage);
CREATE INDEX jobs_by_ops_exception ON jobs (has_ops_task_exception, is_canceled, stage);
CREATE INDEX jobs_by_contractor_exception ON jobs (has_contractor_task_exception, is_canceled, stage);
CREATE INDEX jobs_counts ON jobs (is_canceled, stage, program_id, eligibility, contractor_id, ops_owner, claimed_by, created_by,
  has_ops_task_exception, has_contractor_task_exception, action_owners);
