-- The contractor's jobs list (issue 42): each job keeps the first open task of each owner, in the order they come
-- (stage, then the program's order), from its last evaluation (JSON [[owner, task id], ...]; null: not evaluated since
-- this migration), so a list card names the next step and whose it is without evaluating the job.
ALTER TABLE jobs ADD COLUMN next_steps TEXT;
