-- Household limits (issue 41): each job keeps its rebate lines by measure (JSON, cents) from its last evaluation, so a
-- later job at the same address can count what the household took; jobs are found by postal code, then address.
ALTER TABLE jobs ADD COLUMN rebate_lines TEXT;
CREATE INDEX jobs_zip ON jobs (zip, id);
