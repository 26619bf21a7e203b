-- The day (ISO date, the engine's "today") a job's stored outcome columns were last computed (issue 19):
-- the daily background re-evaluation (server/services/refresh-work.ts) refreshes jobs evaluated before
-- today, so date-based rules (submission windows, lookbacks, days in stage) never leave the list stale.
-- NULL for jobs stored before this column: the first daily run evaluates them.
ALTER TABLE jobs ADD COLUMN evaluated_on TEXT COLLATE "C";
