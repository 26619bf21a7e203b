-- A company's, an ops owner's or a contractor user's page under further filters (issue 47). Their walks held only the
-- scope and the sort (migrations 004, 021, 023), so each filter was checked on the table's row: at a million jobs a
-- company's page of one program and eligibility status read thousands of its other jobs' rows for its 25, a
-- contractor user's page of a program they have no job in read all of theirs. Like the walks of all jobs (023), these
-- now carry every column the list filters on (INCLUDE: stored, not ordered), so a filter passes over index entries
-- and only the page's rows are read. id ends each key as it ends each sort.
DROP INDEX jobs_by_contractor_created;
DROP INDEX jobs_by_contractor_name;
DROP INDEX jobs_by_ops_owner_created;
DROP INDEX jobs_by_creator;
DROP INDEX jobs_by_submitter;
CREATE INDEX jobs_by_contractor_created ON jobs (contractor_id, is_canceled, created_at, id) INCLUDE (stage, program_id,
  eligibility, is_eligible, homeowner_user_id, ops_owner, claimed_by, created_by, submitted_by, has_ops_task_exception,
  has_contractor_task_exception);
CREATE INDEX jobs_by_contractor_name ON jobs (is_canceled, contractor_id, full_name, id) INCLUDE (stage, program_id,
  eligibility, is_eligible, homeowner_user_id, ops_owner, claimed_by, created_by, submitted_by, has_ops_task_exception,
  has_contractor_task_exception);
CREATE INDEX jobs_by_ops_owner_created ON jobs (ops_owner, is_canceled, created_at, id) INCLUDE (stage, program_id,
  eligibility, is_eligible, contractor_id, homeowner_user_id, claimed_by, created_by, submitted_by,
  has_ops_task_exception, has_contractor_task_exception);
CREATE INDEX jobs_by_creator ON jobs (created_by, is_canceled, created_at, id) INCLUDE (stage, program_id, eligibility,
  is_eligible, contractor_id, homeowner_user_id, ops_owner, claimed_by, submitted_by, has_ops_task_exception,
  has_contractor_task_exception);
CREATE INDEX jobs_by_submitter ON jobs (submitted_by, is_canceled, created_at, id) INCLUDE (stage, program_id,
  eligibility, is_eligible, contractor_id, homeowner_user_id, ops_owner, claimed_by, created_by, has_ops_task_exception,
  has_contractor_task_exception);

-- A company's jobs of one program (a contractor's list filtered by program, with or without more filters) is a few
-- thousand jobs at a million, found through jobs_summary and sorted: its rows were read to filter and sort them.
-- jobs_summary now carries the other filters and every sort's columns, so those jobs are filtered and sorted on its
-- entries and only the page's rows are read.
DROP INDEX jobs_summary;
CREATE INDEX jobs_summary ON jobs (is_canceled, contractor_id, program_id, stage) INCLUDE (eligibility, is_eligible,
  created_at, full_name, stage_entered_at, updated_at, id, homeowner_user_id, ops_owner, claimed_by, created_by,
  submitted_by, has_ops_task_exception, has_contractor_task_exception);

-- The background re-evaluation stamps every job it finds unchanged with the day and the definitions' hash
-- (server/db/refresh.db.ts). No index holds those two columns, so PostgreSQL can write the stamp as a heap-only tuple
-- (HOT: the new row version on the same page, no index entry written), but only where the page has room: with the
-- default fill every stamp wrote a new entry in each of the table's ~25 indexes. Measured at 10,000 jobs, the daily
-- run: 2.75 s with full pages, 1.39 s at 70% (90% of stamps HOT). New pages keep 30% free; the pages of an existing
-- table take the setting when rewritten.
-- assumption: an operator with many jobs already stored may rewrite the table once at a quiet hour (VACUUM FULL jobs)
-- to give its existing pages the room; nothing else changes.
ALTER TABLE jobs SET (fillfactor = 70);
