-- Live pages (issue 42): every write that changes what a job's pages show tells the portal's change feed which job
-- changed, whoever wrote it (a request on any instance, the worker, a command). SQLite: the trigger calls
-- rebate_job_changed(job id), a function the portal registers on its connection (server/db/change-notes.ts), which
-- tells the feed once the write commits.
-- The jobs row counts only when a column a page shows changes (a re-evaluation storing the same outcome, or only the day
-- it was evaluated on, tells nobody).
CREATE TRIGGER jobs_changed_insert AFTER INSERT ON jobs BEGIN SELECT rebate_job_changed(NEW.id); END;
CREATE TRIGGER jobs_changed_update AFTER UPDATE ON jobs
  WHEN OLD.stage IS NOT NEW.stage OR OLD.stage_key IS NOT NEW.stage_key OR OLD.tab IS NOT NEW.tab OR OLD.eligibility IS NOT NEW.eligibility OR OLD.is_eligible IS NOT NEW.is_eligible OR OLD.action_owners IS NOT NEW.action_owners OR OLD.has_contractor_task_exception IS NOT NEW.has_contractor_task_exception OR OLD.has_ops_task_exception IS NOT NEW.has_ops_task_exception OR OLD.rebate_min_cents IS NOT NEW.rebate_min_cents OR OLD.rebate_max_cents IS NOT NEW.rebate_max_cents OR OLD.rebate_final_cents IS NOT NEW.rebate_final_cents OR OLD.is_canceled IS NOT NEW.is_canceled OR OLD.cancel_reason IS NOT NEW.cancel_reason OR OLD.is_deemed IS NOT NEW.is_deemed OR OLD.ops_marked_ineligible IS NOT NEW.ops_marked_ineligible OR OLD.ops_ineligible_reason IS NOT NEW.ops_ineligible_reason OR OLD.eligibility_override_reason IS NOT NEW.eligibility_override_reason OR OLD.pinned_version IS NOT NEW.pinned_version OR OLD.claimed_by IS NOT NEW.claimed_by OR OLD.ops_owner IS NOT NEW.ops_owner OR OLD.contractor_id IS NOT NEW.contractor_id OR OLD.homeowner_user_id IS NOT NEW.homeowner_user_id OR OLD.first_name IS NOT NEW.first_name OR OLD.last_name IS NOT NEW.last_name OR OLD.email IS NOT NEW.email OR OLD.phone_number IS NOT NEW.phone_number OR OLD.address IS NOT NEW.address OR OLD.city IS NOT NEW.city OR OLD.county IS NOT NEW.county OR OLD.state IS NOT NEW.state OR OLD.zip IS NOT NEW.zip OR OLD.electric_utility IS NOT NEW.electric_utility OR OLD.gas_utility IS NOT NEW.gas_utility OR OLD.submitted_at IS NOT NEW.submitted_at OR OLD.usage_facts IS NOT NEW.usage_facts OR OLD.homeowner_tasks IS NOT NEW.homeowner_tasks
  BEGIN SELECT rebate_job_changed(NEW.id); END;
CREATE TRIGGER job_tasks_changed_insert AFTER INSERT ON job_tasks WHEN NEW.job_id IS NOT NULL BEGIN SELECT rebate_job_changed(NEW.job_id); END;
CREATE TRIGGER job_tasks_changed_update AFTER UPDATE ON job_tasks WHEN NEW.job_id IS NOT NULL BEGIN SELECT rebate_job_changed(NEW.job_id); END;
CREATE TRIGGER history_changed_insert AFTER INSERT ON history WHEN NEW.job_id IS NOT NULL BEGIN SELECT rebate_job_changed(NEW.job_id); END;
CREATE TRIGGER attachments_changed_insert AFTER INSERT ON attachments WHEN NEW.job_id IS NOT NULL BEGIN SELECT rebate_job_changed(NEW.job_id); END;
CREATE TRIGGER attachments_changed_update AFTER UPDATE ON attachments WHEN NEW.job_id IS NOT NULL BEGIN SELECT rebate_job_changed(NEW.job_id); END;
CREATE TRIGGER documents_changed_insert AFTER INSERT ON documents WHEN NEW.job_id IS NOT NULL BEGIN SELECT rebate_job_changed(NEW.job_id); END;
CREATE TRIGGER documents_changed_update AFTER UPDATE ON documents WHEN NEW.job_id IS NOT NULL BEGIN SELECT rebate_job_changed(NEW.job_id); END;
CREATE TRIGGER payments_changed_insert AFTER INSERT ON payments WHEN NEW.job_id IS NOT NULL BEGIN SELECT rebate_job_changed(NEW.job_id); END;
CREATE TRIGGER payments_changed_update AFTER UPDATE ON payments WHEN NEW.job_id IS NOT NULL BEGIN SELECT rebate_job_changed(NEW.job_id); END;
CREATE TRIGGER payment_overrides_changed_insert AFTER INSERT ON payment_overrides WHEN NEW.job_id IS NOT NULL BEGIN SELECT rebate_job_changed(NEW.job_id); END;
CREATE TRIGGER payment_overrides_changed_update AFTER UPDATE ON payment_overrides WHEN NEW.job_id IS NOT NULL BEGIN SELECT rebate_job_changed(NEW.job_id); END;
CREATE TRIGGER usage_collections_changed_insert AFTER INSERT ON usage_collections WHEN NEW.job_id IS NOT NULL BEGIN SELECT rebate_job_changed(NEW.job_id); END;
CREATE TRIGGER usage_collections_changed_update AFTER UPDATE ON usage_collections WHEN NEW.job_id IS NOT NULL BEGIN SELECT rebate_job_changed(NEW.job_id); END;
CREATE TRIGGER homeowner_invites_changed_insert AFTER INSERT ON homeowner_invites WHEN NEW.job_id IS NOT NULL BEGIN SELECT rebate_job_changed(NEW.job_id); END;
CREATE TRIGGER homeowner_invites_changed_update AFTER UPDATE ON homeowner_invites WHEN NEW.job_id IS NOT NULL BEGIN SELECT rebate_job_changed(NEW.job_id); END;
CREATE TRIGGER budget_entries_changed_insert AFTER INSERT ON budget_entries WHEN NEW.job_id IS NOT NULL BEGIN SELECT rebate_job_changed(NEW.job_id); END;
CREATE TRIGGER budget_waitlist_changed_insert AFTER INSERT ON budget_waitlist WHEN NEW.job_id IS NOT NULL BEGIN SELECT rebate_job_changed(NEW.job_id); END;
CREATE TRIGGER budget_waitlist_changed_update AFTER UPDATE ON budget_waitlist WHEN NEW.job_id IS NOT NULL BEGIN SELECT rebate_job_changed(NEW.job_id); END;
