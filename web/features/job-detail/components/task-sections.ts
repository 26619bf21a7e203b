/**
 * Which tab of the job detail shows a task, by its form. Presentation only: every task also shows
 * under its stage in Program progress; a form not listed here shows there alone.
 */

/** The job detail's tabs (spec sect. 2), in order; `short` is the tab's label, `title` its full name. */
export const JOB_TABS = [
  { id: 'rebate', title: 'Rebate amount and payment', short: 'Rebate and payment', route: 'JobDetail' },
  { id: 'basic', title: 'Basic details', short: 'Basic details', route: 'JobBasicDetails' },
  { id: 'energy', title: 'Energy sources and utilities', short: 'Energy and utilities', route: 'JobEnergySourceDetails' },
  { id: 'services', title: 'Services', short: 'Services', route: 'JobServices' },
  { id: 'documents', title: 'Final documents', short: 'Final documents', route: 'JobDetail' },
  { id: 'install', title: 'Install details', short: 'Install details', route: 'JobInstallDetails' },
  { id: 'progress', title: 'Program progress', short: 'Program progress', route: 'JobProgramProgress' },
  { id: 'attachments', title: 'Attachments', short: 'Attachments', route: 'JobAttachments' },
] as const;

/** A tab id. */
export type JobTabId = (typeof JOB_TABS)[number]['id'];

/** The spec has no route of its own for final documents: it is the job's root with ?tab=final-documents. */
export const FINAL_DOCUMENTS_PARAM = 'final-documents';

const SECTIONS: Record<string, JobTabId> = {
  determine_and_share_rebate_amount: 'rebate',
  review_deemed_range: 'rebate',
  confirm_multipliers: 'rebate',
  provide_additional_incentives_details: 'rebate',
  submit_for_pre_approval: 'rebate',
  confirm_pre_approval: 'rebate',
  submit_job_for_enrollment: 'rebate',
  record_enrollment_results: 'rebate',
  confirm_enrollment: 'rebate',
  approve_payment: 'rebate',
  send_payment: 'rebate',
  payments_sent: 'rebate',
  home_details: 'basic',
  confirm_site_details: 'basic',
  provide_income_estimate: 'basic',
  apply_for_income_verification_contractor: 'basic',
  apply_for_income_verification_homeowner: 'basic',
  review_income_qualification: 'basic',
  homeowner_email_solicitation: 'basic',
  provide_energy_sources_and_utilities: 'energy',
  provide_energy_uses: 'energy',
  provide_utility_credentials: 'energy',
  upload_utility_bills: 'energy',
  review_electric_and_gas_usage: 'energy',
  bill_impact_estimate_review: 'energy',
  provide_envelope_details: 'energy',
  provide_services: 'services',
  scope_of_work_proposed: 'services',
  scope_of_work_project: 'services',
  upload_proposed_invoice: 'services',
  create_initial_invoice: 'services',
  provide_equipment_catalog_details: 'services',
  new_water_heater_details: 'services',
  determine_old_equipment_efficiency: 'services',
  manual_j_upload: 'services',
  manual_j_review: 'services',
  provide_air_sealing_details: 'services',
  upload_fuel_switching_calculator_and_equipment_certificates: 'services',
  confirm_install_dates: 'install',
  provide_pre_install_details: 'install',
  provide_post_install_details: 'install',
  provide_post_install_details_electrical: 'install',
  provide_post_install_details_gas_furnace: 'install',
  provide_post_install_details_water_heater: 'install',
  photos_of_installed_measures: 'install',
  install_photos: 'install',
  cas_testing_pre: 'install',
  cas_testing_post: 'install',
  cas_testing_review: 'install',
  pre_install_home_safety_assessment: 'install',
  limited_hvac_assessment: 'install',
  upload_pre_install_assessment_pdfs: 'install',
  quality_install_report: 'install',
  confirm_project_final_costs: 'documents',
  upload_final_invoice: 'documents',
  collect_document_signatures: 'documents',
  program_documents: 'documents',
  final_documents_and_terms: 'documents',
  sign_document: 'documents',
  sign_ira_tenant_owner_acknowledgment: 'documents',
  sign_tech_customer_agreement: 'documents',
};

/** The tab of a task's form. */
export const sectionOf = (form: string): JobTabId | undefined => SECTIONS[form];

/** Forms whose tasks produce documents to (re)generate. */
export const DOCUMENT_FORMS = ['collect_document_signatures', 'program_documents', 'final_documents_and_terms', 'sign_document', 'sign_ira_tenant_owner_acknowledgment', 'sign_tech_customer_agreement'];
