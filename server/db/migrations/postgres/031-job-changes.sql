-- Live pages (issue 42): every write that changes what a job's pages show tells the portal's change feed which job
-- changed, whoever wrote it (a request on any instance, the worker, a command). PostgreSQL: NOTIFY on the channel
-- job_changes (sent at commit, to every instance listening), the payload '<schema>:<job id>' so schemas sharing a
-- database (tests) read only their own.
-- The jobs row counts only when a column a page shows changes (a re-evaluation storing the same outcome, or only the day
-- it was evaluated on, tells nobody).
CREATE OR REPLACE FUNCTION rebate_job_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'jobs' THEN
    PERFORM pg_notify('job_changes', current_schema() || ':' || NEW.id);
  ELSIF NEW.job_id IS NOT NULL THEN
    PERFORM pg_notify('job_changes', current_schema() || ':' || NEW.job_id);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER jobs_changed_insert AFTER INSERT ON jobs FOR EACH ROW EXECUTE FUNCTION rebate_job_changed();
CREATE TRIGGER jobs_changed_update AFTER UPDATE ON jobs FOR EACH ROW
  WHEN (OLD.stage IS DISTINCT FROM NEW.stage OR OLD.stage_key IS DISTINCT FROM NEW.stage_key OR OLD.tab IS DISTINCT FROM NEW.tab OR OLD.eligibility IS DISTINCT FROM NEW.eligibility OR OLD.is_eligible IS DISTINCT FROM NEW.is_eligible OR OLD.action_owners IS DISTINCT FROM NEW.action_owners OR OLD.has_contractor_task_exception IS DISTINCT FROM NEW.has_contractor_task_exception OR OLD.has_ops_task_exception IS DISTINCT FROM NEW.has_ops_task_exception OR OLD.rebate_min_cents IS DISTINCT FROM NEW.rebate_min_cents OR OLD.rebate_max_cents IS DISTINCT FROM NEW.rebate_max_cents OR OLD.rebate_final_cents IS DISTINCT FROM NEW.rebate_final_cents OR OLD.is_canceled IS DISTINCT FROM NEW.is_canceled OR OLD.cancel_reason IS DISTINCT FROM NEW.cancel_reason OR OLD.is_deemed IS DISTINCT FROM NEW.is_deemed OR OLD.ops_marked_ineligible IS DISTINCT FROM NEW.ops_marked_ineligible OR OLD.ops_ineligible_reason IS DISTINCT FROM NEW.ops_ineligible_reason OR OLD.eligibility_override_reason IS DISTINCT FROM NEW.eligibility_override_reason OR OLD.pinned_version IS DISTINCT FROM NEW.pinned_version OR OLD.claimed_by IS DISTINCT FROM NEW.claimed_by OR OLD.ops_owner IS DISTINCT FROM NEW.ops_owner OR OLD.contractor_id IS DISTINCT FROM NEW.contractor_id OR OLD.homeowner_user_id IS DISTINCT FROM NEW.homeowner_user_id OR OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name OR OLD.email IS DISTINCT FROM NEW.email OR OLD.phone_number IS DISTINCT FROM NEW.phone_number OR OLD.address IS DISTINCT FROM NEW.address OR OLD.city IS DISTINCT FROM NEW.city OR OLD.county IS DISTINCT FROM NEW.county OR OLD.state IS DISTINCT FROM NEW.state OR OLD.zip IS DISTINCT FROM NEW.zip OR OLD.electric_utility IS DISTINCT FROM NEW.electric_utility OR OLD.gas_utility IS DISTINCT FROM NEW.gas_utility OR OLD.submitted_at IS DISTINCT FROM NEW.submitted_at OR OLD.usage_facts IS DISTINCT FROM NEW.usage_facts OR OLD.homeowner_tasks IS DISTINCT FROM NEW.homeowner_tasks)
  EXECUTE FUNCTION rebate_job_changed();
CREATE TRIGGER job_tasks_changed AFTER INSERT OR UPDATE ON job_tasks FOR EACH ROW EXECUTE FUNCTION rebate_job_changed();
CREATE TRIGGER history_changed AFTER INSERT ON history FOR EACH ROW EXECUTE FUNCTION rebate_job_changed();
CREATE TRIGGER attachments_changed AFTER INSERT OR UPDATE ON attachments FOR EACH ROW EXECUTE FUNCTION rebate_job_changed();
CREATE TRIGGER documents_changed AFTER INSERT OR UPDATE ON documents FOR EACH ROW EXECUTE FUNCTION rebate_job_changed();
CREATE TRIGGER payments_changed AFTER INSERT OR UPDATE ON payments FOR EACH ROW EXECUTE FUNCTION rebate_job_changed();
CREATE TRIGGER payment_overrides_changed AFTER INSERT OR UPDATE ON payment_overrides FOR EACH ROW EXECUTE FUNCTION rebate_job_changed();
CREATE TRIGGER usage_collections_changed AFTER INSERT OR UPDATE ON usage_collections FOR EACH ROW EXECUTE FUNCTION rebate_job_changed();
CREATE TRIGGER homeowner_invites_changed AFTER INSERT OR UPDATE ON homeowner_invites FOR EACH ROW EXECUTE FUNCTION rebate_job_changed();
CREATE TRIGGER budget_entries_changed AFTER INSERT ON budget_entries FOR EACH ROW EXECUTE FUNCTION rebate_job_changed();
CREATE TRIGGER budget_waitlist_changed AFTER INSERT OR UPDATE ON budget_waitlist FOR EACH ROW EXECUTE FUNCTION rebate_job_changed();
