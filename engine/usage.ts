/**
 * Energy usage collection (spec sect. 4), the parts both the server and the browser read: the nine steps
 * in their four stages, each step's state, the overall status, the energy history of the submission
 * summary, the usage facts rules read as `usage.<name>`, and each audience's wording (the data of
 * program-defs/_shared/usage-collection.yaml). The workflow itself runs on the server's worker.
 */

export const USAGE_STEPS = [
  'send_homeowner_invite',
  'visit_collection_page',
  'attempt_authentication',
  'validate_credentials',
  'identify_meters',
  'extract_usage_from_utility',
  'collect_from_vendor',
  'evaluate_usage',
  'set_derived_usage_profile',
] as const;
export type UsageStep = (typeof USAGE_STEPS)[number];

export const USAGE_STEP_STATUSES = ['not_attempted', 'success', 'failure'] as const;
export type UsageStepStatus = (typeof USAGE_STEP_STATUSES)[number];

/** Why a step failed: the utility data service's reasons and the workflow's own. */
export const USAGE_FAILURES = [
  'wrong_password',
  'two_factor_failed',
  'two_factor_expired',
  'account_locked',
  'site_down',
  'timeout',
  'revoked',
  'no_meters',
  'partial_data',
  'unavailable',
  'mail_failed',
  'unreadable_feed',
] as const;
export type UsageFailure = (typeof USAGE_FAILURES)[number];

export const USAGE_OVERALL = ['complete', 'failed', 'not_attempted', 'in_progress'] as const;
export type UsageOverall = (typeof USAGE_OVERALL)[number];

/** The submission summary's energy history. */
export const ENERGY_HISTORY = ['collected', 'connected', 'pending'] as const;
export type EnergyHistory = (typeof ENERGY_HISTORY)[number];

export interface UsageStepState {
  status: UsageStepStatus;
  /** When the step last changed (ISO), null before it was attempted. */
  at: string | null;
  /** What happened, for internal users (an address, meter counts, months, the service's words). */
  detail: string | null;
  failure: UsageFailure | null;
}
export type UsageSteps = Record<UsageStep, UsageStepState>;

/** Every step not attempted. */
export function freshSteps(): UsageSteps {
  return Object.fromEntries(
    USAGE_STEPS.map((s) => [s, { status: 'not_attempted', at: null, detail: null, failure: null }]),
  ) as UsageSteps;
}

/**
 * Complete once the derived profile is set; Failed while any step's last attempt failed; Not attempted
 * before the first step; In progress otherwise.
 */
export function overallStatus(steps: UsageSteps): UsageOverall {
  if (steps.set_derived_usage_profile.status === 'success') return 'complete';
  if (USAGE_STEPS.some((s) => steps[s].status === 'failure')) return 'failed';
  if (USAGE_STEPS.every((s) => steps[s].status === 'not_attempted')) return 'not_attempted';
  return 'in_progress';
}

/** Collected: the profile is set; Connected: the utility account is connected; Pending: neither yet. */
export function energyHistory(steps: UsageSteps): EnergyHistory {
  if (steps.set_derived_usage_profile.status === 'success') return 'collected';
  if (steps.validate_credentials.status === 'success') return 'connected';
  return 'pending';
}

/** The facts rules read as usage.<name> (absent until known). */
export const USAGE_FACTS = [
  'status',
  'history',
  'consent',
  'connected',
  'accounts',
  'authorization_reference',
  'connected_on',
  'utility',
  'account_holder',
  'months_covered',
  'electric_months',
  'gas_months',
  'first_month',
  'last_month',
  'annual_baseline_kwh',
  'annual_heating_kwh',
  'annual_cooling_kwh',
  'annual_total_kwh',
  'annual_baseline_therms',
  'annual_heating_therms',
  'annual_cooling_therms',
  'annual_total_therms',
  'annual_received_kwh',
  'annual_net_kwh',
  'partial_months',
  'partial_month_handling',
] as const;
export type UsageFactName = (typeof USAGE_FACTS)[number];
export type UsageFacts = Partial<Record<UsageFactName, unknown>>;

/** The wording of _shared/usage-collection.yaml. */
export interface UsageWording {
  stages: { key: 'invite' | 'authenticate' | 'collect' | 'process'; label: string; steps: UsageStep[] }[];
  steps: Record<
    UsageStep,
    { label: string; internal: Record<UsageStepStatus, string>; contractor: Record<UsageStepStatus, string> }
  >;
  failures: Record<UsageFailure, { internal: string; homeowner: string }>;
  overall: Record<UsageOverall, string>;
  history: Record<EnergyHistory, string>;
  homeowner: Record<'connect' | 'verifying' | 'collecting' | 'complete' | 'declined', string>;
}

/** Who reads: internal users (ops, finance, admins), the job's contractor, the homeowner. */
export type UsageAudience = 'internal' | 'contractor' | 'homeowner';

/** `{name}` placeholders filled from vars (an unknown one is left as written). */
export function fillWords(text: string, vars: Record<string, string | number | null | undefined>): string {
  return text.replace(/\{([a-z_]+)\}/g, (m, k: string) =>
    vars[k] === undefined || vars[k] === null ? m : String(vars[k]),
  );
}

/**
 * What one audience reads of a step: internal users the detail (a failure in the service's words when
 * the wording names {detail}), contractors the softer wording; homeowners read only the next step
 * (`homeownerMessage`), never the steps.
 */
export function stepWords(
  w: UsageWording,
  audience: Exclude<UsageAudience, 'homeowner'>,
  step: UsageStep,
  state: UsageStepState,
): string {
  const vars = { detail: state.detail ?? '' };
  if (audience === 'internal' && state.status === 'failure' && state.failure) {
    // The failure's wording names the detail ("did not answer: {detail}"), or the service's own words stand for it.
    const words = w.failures[state.failure].internal;
    if (words.includes('{detail}') || !state.detail) return fillWords(words, vars);
  }
  return fillWords(w.steps[step][audience][state.status], vars);
}

/** What the homeowner must do next (or that nothing is left to do). */
export function homeownerMessage(
  w: UsageWording,
  steps: UsageSteps,
  consent: boolean | null,
  vars: Record<string, string | number> = {},
): string {
  if (consent === false) return w.homeowner.declined;
  if (steps.set_derived_usage_profile.status === 'success') return w.homeowner.complete;
  const failed = USAGE_STEPS.find((s) => steps[s].status === 'failure');
  if (failed) {
    const f = steps[failed].failure;
    const words = f ? fillWords(w.failures[f].homeowner, vars) : '';
    if (words) return words;
  }
  if (steps.validate_credentials.status === 'success') return w.homeowner.collecting;
  if (steps.attempt_authentication.status === 'success') return w.homeowner.verifying;
  return w.homeowner.connect;
}
