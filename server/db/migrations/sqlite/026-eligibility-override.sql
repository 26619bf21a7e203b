-- An explicit ops override (issue 40): why ops let a job the rules find ineligible go on past the submission gate
-- (null: no override; who and when are in its history row).
ALTER TABLE jobs ADD COLUMN eligibility_override_reason TEXT;
