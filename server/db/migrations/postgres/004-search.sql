-- Search (spec sect. 2) on PostgreSQL: pg_trgm GIN indexes over the searchable text of jobs and
-- contractors (SQLite: FTS5 trigram tables). They only narrow the candidates (shared trigrams, so typos
-- still match); fuse.js ranks them with the engine's search config, the same on both backends.
-- The extension lives in the public schema (every schema of the database shares it); creating it twice
-- at once (two instances, or test files, migrating together) is not an error.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL;
END
$$;

-- Job fields: full_name, address, city, contractor name (through contractors.name), code, external_id.
CREATE INDEX jobs_trgm_full_name ON jobs USING gin (lower(full_name) public.gin_trgm_ops);
CREATE INDEX jobs_trgm_address ON jobs USING gin (lower(address) public.gin_trgm_ops);
CREATE INDEX jobs_trgm_city ON jobs USING gin (lower(city) public.gin_trgm_ops);
CREATE INDEX jobs_trgm_code ON jobs USING gin (lower(code) public.gin_trgm_ops);
CREATE INDEX jobs_trgm_external_id ON jobs USING gin (lower(external_id) public.gin_trgm_ops);

-- Contractor fields: name, primary_contact, address, city, phone, email.
CREATE INDEX contractors_trgm_name ON contractors USING gin (lower(name) public.gin_trgm_ops);
CREATE INDEX contractors_trgm_primary_contact ON contractors USING gin (lower(primary_contact) public.gin_trgm_ops);
CREATE INDEX contractors_trgm_address ON contractors USING gin (lower(address) public.gin_trgm_ops);
CREATE INDEX contractors_trgm_city ON contractors USING gin (lower(city) public.gin_trgm_ops);
CREATE INDEX contractors_trgm_phone ON contractors USING gin (lower(phone) public.gin_trgm_ops);
CREATE INDEX contractors_trgm_email ON contractors USING gin (lower(email) public.gin_trgm_ops);

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
