-- Live pages (issue 42), continued: writes 031 did not name that change what a job's pages show. A signer's row (an
-- invite sent, a signature) tells its document's job; a work item of a job (its payload starts {"job_id":N) tells the
-- job when it is queued and when it ends, so a page showing "preparing" while the worker held it reads the job again
-- once the item is done (the worker writes the item's state after the handler's own writes); quality reviews and their
-- outcomes tell their job.
CREATE TRIGGER document_signatures_changed_insert AFTER INSERT ON document_signatures
  BEGIN SELECT rebate_job_changed((SELECT job_id FROM documents WHERE id = NEW.document_id)); END;
CREATE TRIGGER document_signatures_changed_update AFTER UPDATE ON document_signatures
  BEGIN SELECT rebate_job_changed((SELECT job_id FROM documents WHERE id = NEW.document_id)); END;
CREATE TRIGGER work_items_changed_insert AFTER INSERT ON work_items
  WHEN NEW.payload LIKE '{"job_id":%' AND json_valid(NEW.payload)
  BEGIN SELECT rebate_job_changed(json_extract(NEW.payload, '$.job_id')); END;
CREATE TRIGGER work_items_changed_update AFTER UPDATE OF state ON work_items
  WHEN OLD.state IS NOT NEW.state AND NEW.state IN ('done', 'dead') AND NEW.payload LIKE '{"job_id":%' AND json_valid(NEW.payload)
  BEGIN SELECT rebate_job_changed(json_extract(NEW.payload, '$.job_id')); END;
CREATE TRIGGER quality_decisions_changed_insert AFTER INSERT ON quality_decisions WHEN NEW.job_id IS NOT NULL BEGIN SELECT rebate_job_changed(NEW.job_id); END;
CREATE TRIGGER quality_decisions_changed_update AFTER UPDATE ON quality_decisions WHEN NEW.job_id IS NOT NULL BEGIN SELECT rebate_job_changed(NEW.job_id); END;
CREATE TRIGGER quality_outcomes_changed_insert AFTER INSERT ON quality_outcomes WHEN NEW.job_id IS NOT NULL BEGIN SELECT rebate_job_changed(NEW.job_id); END;
