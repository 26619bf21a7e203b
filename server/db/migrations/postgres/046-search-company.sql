-- A company's search (issue 47): SQLite's search rows now carry each job's company (its migration 046), because there
-- a contractor's search ran on the process's one thread and read every company's matches. PostgreSQL's lookups run on
-- the database's own processes and join the scope's jobs by key (search.db.ts pgScope), so its search tables are as
-- they were; the migration keeps both dialects' numbers in step.
SELECT 1;
