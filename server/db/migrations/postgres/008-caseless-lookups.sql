-- The lookups both backends write as lower(column) = lower(value) (server/db/next: one code path) read
-- an index: the duplicate-job check (same homeowner at the same address). users_email_lower, the unique
-- index of migration 001, serves the sign-in lookup.
CREATE INDEX jobs_dup_lower ON jobs (lower(last_name), lower(first_name), lower(address));
