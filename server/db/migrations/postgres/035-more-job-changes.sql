-- Live pages (issue 42), continued: writes 031 did not name that change what a job's pages show. A signer's row (an
-- invite sent, a signature) tells its document's job; a work item of a job (its payload starts {"job_id":N) tells the
-- job when it is queued and when it ends, so a page showing "preparing" while the worker held it reads the job again
-- once the item is done (the worker writes the item's state after the handler's own writes); quality reviews and their
-- outcomes tell their job.
CREATE OR REPLACE FUNCTION rebate_signature_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE j INTEGER;
BEGIN
  SELECT job_id INTO j FROM documents WHERE id = NEW.document_id;
  IF j IS NOT NULL THEN
    PERFORM pg_notify('job_changes', current_schema() || ':' || j);
  END IF;
  RETURN NULL;
END $$;
CREATE OR REPLACE FUNCTION rebate_work_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE j TEXT;
BEGIN
  j := substring(NEW.payload from '^\{"job_id":([0-9]+)[,}]');
  IF j IS NOT NULL THEN
    PERFORM pg_notify('job_changes', current_schema() || ':' || j);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER document_signatures_changed AFTER INSERT OR UPDATE ON document_signatures FOR EACH ROW
  EXECUTE FUNCTION rebate_signature_changed();
CREATE TRIGGER work_items_changed_insert AFTER INSERT ON work_items FOR EACH ROW EXECUTE FUNCTION rebate_work_changed();
CREATE TRIGGER work_items_changed_update AFTER UPDATE OF state ON work_items FOR EACH ROW
  WHEN (OLD.state IS DISTINCT FROM NEW.state AND NEW.state IN ('done', 'dead'))
  EXECUTE FUNCTION rebate_work_changed();
CREATE TRIGGER quality_decisions_changed AFTER INSERT OR UPDATE ON quality_decisions FOR EACH ROW
  EXECUTE FUNCTION rebate_job_changed();
CREATE TRIGGER quality_outcomes_changed AFTER INSERT ON quality_outcomes FOR EACH ROW EXECUTE FUNCTION rebate_job_changed();
