-- Live pages (issue 42): a job's work items no longer tell the change feed (migration 035 made them). A page that reads
-- a job on every notice, and a read that queues work, fed each other: the browser tests ran five times slower. The
-- documents panel reads again every few seconds while work is pending instead (web get-documents.ts).
DROP TRIGGER IF EXISTS work_items_changed_insert;
DROP TRIGGER IF EXISTS work_items_changed_update;
