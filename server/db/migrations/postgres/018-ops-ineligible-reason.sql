-- Why ops marked a job ineligible (issue 17): the reason of the ops override (jobs.ops_marked_ineligible),
-- shown to ops beside the job's eligibility; NULL when the job is not marked. Who and when are in history.
ALTER TABLE jobs ADD COLUMN ops_ineligible_reason TEXT COLLATE "C";
