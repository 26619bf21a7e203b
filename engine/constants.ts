/**
 * Enumerations and product constants of the spec (sections 3, 4 and 9), written once.
 * Program-specific constants (caps, tables, thresholds) live in `program-defs/`, not here.
 */

/** Action owner roles (spec sect. 3). */
export const ACTION_OWNER_ROLES = [
  'homeowner',
  'ops',
  'finance',
  'contractor',
  'program',
  'pe',
  'program_manager',
  'partner_manager',
] as const;
/** A role that can own a task. */
export type ActionOwnerRole = (typeof ACTION_OWNER_ROLES)[number];
/** Action owners as people read them (every page that names one: never the value itself). */
export const ACTION_OWNER_LABELS: Record<ActionOwnerRole, string> = {
  homeowner: 'Homeowner',
  ops: 'Operations',
  finance: 'Finance',
  contractor: 'Contractor',
  program: 'Program',
  pe: 'Program evaluator',
  program_manager: 'Program manager',
  partner_manager: 'Partner manager',
};

/**
 * The roles of portal users (who signs in): provider operations staff, contractors, homeowners, and third-party
 * inspectors (issue 43), who see only the inspections assigned to them.
 */
export const USER_ROLES = ['ops', 'contractor', 'homeowner', 'inspector'] as const;
/** A portal user's role. */
export type UserRole = (typeof USER_ROLES)[number];

/**
 * The job detail's sections a task form may show under (spec sect. 2 tabs, besides Program progress
 * and Attachments): set per form as `section:` in its form.yaml; a form without one shows in Program
 * progress alone.
 */
export const JOB_SECTIONS = ['rebate', 'basic', 'energy', 'services', 'documents', 'install'] as const;
/** A job-detail section of task forms. */
export type JobSection = (typeof JOB_SECTIONS)[number];

/** Building types (spec sect. 3). */
export const BUILDING_TYPES = [
  'SINGLE_FAMILY_DETACHED',
  'SINGLE_FAMILY_ATTACHED',
  'MULTI_FAMILY_2_TO_4',
  'MULTI_FAMILY_5_PLUS',
  'MOBILE_OR_MANUFACTURED',
] as const;
/** A building type. */
export type BuildingType = (typeof BUILDING_TYPES)[number];

/** Income levels (spec sect. 3). */
export const INCOME_LEVELS = ['below_ami_80', 'ami_80_to_ami_150', 'above_ami_150'] as const;
/** An income level. */
export type IncomeLevel = (typeof INCOME_LEVELS)[number];

/** Eligibility statuses (spec sect. 4: eligible, pending more information, ineligible, unable to determine). */
export const ELIGIBILITY_STATUSES = [
  'eligible',
  'pending_more_information',
  'ineligible',
  'unable_to_determine',
] as const;
/** An eligibility status. */
export type EligibilityStatus = (typeof ELIGIBILITY_STATUSES)[number];

/** How each eligibility status reads to a person (spec sect. 4). */
export const ELIGIBILITY_STATUS_LABELS: Record<EligibilityStatus, string> = {
  eligible: 'eligible',
  pending_more_information: 'pending more information',
  ineligible: 'ineligible',
  unable_to_determine: 'unable to determine',
};

/** Task statuses computed by the engine. */
export const TASK_STATUSES = ['READY', 'IN_PROGRESS', 'COMPLETE', 'LOCKED'] as const;
/** A computed task status. */
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Task statuses a job may store (READY and LOCKED are derived, never stored). */
export const STORED_TASK_STATUSES = ['IN_PROGRESS', 'COMPLETE'] as const;
/** A stored task status. */
export type StoredTaskStatus = (typeof STORED_TASK_STATUSES)[number];

/** Who can flag an exception on a task (spec sect. 4). */
export const EXCEPTION_KINDS = ['contractor', 'ops'] as const;
/** An exception flag kind. */
export type ExceptionKind = (typeof EXCEPTION_KINDS)[number];

/** Stage tabs of the jobs list (spec sect. 4). */
export const STAGE_TABS = ['Apply', 'Review', 'Install', 'Enroll', 'Pay'] as const;
/** A stage tab. */
export type StageTab = (typeof STAGE_TABS)[number];

/** Stage models: reading A (six stages) and reading B (seven stages) of spec sect. 4. */
export const STAGE_MODEL_IDS = ['six_stage', 'seven_stage'] as const;
/** A stage model id. */
export type StageModelId = (typeof STAGE_MODEL_IDS)[number];

/** Cancel reasons (spec sect. 5). */
export const CANCEL_REASONS = [
  'lost',
  'not using this rebate',
  'mistake',
  'submitting elsewhere',
  'incorrect details',
  'other',
] as const;

/** Product constants of spec sect. 9 that are not program rules. */
export const PRODUCT_CONSTANTS = {
  toast_ms: 4500,
  logout_delay_ms: 5000,
  search_min_chars: 2,
  search_threshold: 0.4,
  geotag_limit_miles: 1,
  name_max_chars: 50,
  jobs_per_page_default: 10,
  api_per_page_default: 25,
  contractors_per_page_default: 25,
  /** The page sizes a list offers (and the remembered preference accepts). */
  page_sizes: [10, 25, 50, 100],
  default_sort_by: 'created_at',
  default_sort_direction: 'asc',
  mobile_breakpoints_px: [768, 991],
} as const;

/** A US phone number as forms and the API accept it (spec sect. 5 'Please enter a valid phone number'). */
export const PHONE_PATTERN = /^(\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/;

/**
 * A link the portal stores and shows (announcement link and image): https only, no spaces or control
 * characters. `javascript:`, `data:`, `vbscript:`, `file:` and plain `http:` never reach a page.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what the pattern refuses
export const SAFE_LINK_PATTERN = /^https:\/\/[^\s/?#\\\u0000-\u001f\u007f]+[^\s\\\u0000-\u001f\u007f]*$/;
/** What a link that does not match SAFE_LINK_PATTERN gets. */
export const SAFE_LINK_MESSAGE = 'Please enter a link starting with https://';

/**
 * The remembered client preferences of spec sect. 3 and their defaults (jobs per page 10, contractors
 * per page 25; SLA days in stage is ours). The web app keeps them in localStorage; the API stores them per user.
 */
export const PREFERENCE_DEFAULTS = {
  sidebar_open: true as boolean,
  job_filters: {} as Record<string, string | string[] | boolean | undefined>,
  job_sorting: { sort_by: 'created_at', sort_direction: 'asc' } as { sort_by: string; sort_direction: 'asc' | 'desc' },
  jobs_per_page: PRODUCT_CONSTANTS.jobs_per_page_default as number,
  contractor_filter: null as number | null,
  programs_filter: [] as string[],
  action_owners_filter: [] as string[],
  ops_owners_filter: [] as number[],
  contractors_per_page: PRODUCT_CONSTANTS.contractors_per_page_default as number,
  contractor_filters: {} as Record<string, string | undefined>,
  bucket_order: [...STAGE_TABS] as StageTab[],
  /** Per stage tab; a tab left out has no limit (engine/preferences.ts reads older stored shapes). */
  sla_days_in_stage: Object.fromEntries(STAGE_TABS.map((t) => [t, 14])) as Partial<Record<StageTab, number>>,
};
