-- The lookups both backends write as lower(column) = lower(value) (server/db/next: one code path) read
-- an index: a user by email at sign-in, and the duplicate-job check (same homeowner at the same address).
CREATE INDEX users_email_lower ON users (lower(email));
CREATE INDEX jobs_dup_lower ON jobs (lower(last_name), lower(first_name), lower(address));
