-- Quality checklists (issue 43): a review's outcome follows from the checklists the reviewer filled in; their answers
-- (JSON: checklist form key -> data) are kept with the outcome, as the record of what was checked.
ALTER TABLE quality_outcomes ADD COLUMN answers TEXT;
