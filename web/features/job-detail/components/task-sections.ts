/**
 * The job detail's tabs. Which tab shows a task is a fact of its form (`section:` in form.yaml, served
 * on each task as `section`); every task also shows under its stage in Program progress.
 */

/** The job detail's tabs (spec sect. 2), in order; `short` is the tab's label, `title` its full name. */
export const JOB_TABS = [
  { id: 'rebate', title: 'Rebate amount and payment', short: 'Rebate and payment', route: 'JobDetail' },
  { id: 'basic', title: 'Basic details', short: 'Basic details', route: 'JobBasicDetails' },
  {
    id: 'energy',
    title: 'Energy sources and utilities',
    short: 'Energy and utilities',
    route: 'JobEnergySourceDetails',
  },
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
/** The job's root opens on the viewer's first open task; ?tab=rebate asks for the rebate tab itself. */
export const REBATE_PARAM = 'rebate';
