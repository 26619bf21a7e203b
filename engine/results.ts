/** What the engine answers about a job: eligibility, tasks, stage and incentive results, with their explanations. */

import type {
  ActionOwnerRole,
  EligibilityStatus,
  ExceptionKind,
  StageModelId,
  StageTab,
  TaskStatus,
} from './constants.ts';

/** Why an outcome came out as it did. */
export interface Explanation {
  rule: string;
  /** The facts the rule read and their values. */
  read: Record<string, unknown>;
  text: string;
}

/** One reason of an eligibility outcome. */
export interface EligibilityReason {
  code: string;
  text: string;
  rule: string;
  /** For pending rules: the facts still missing. */
  missing?: string[];
  /** For rules that could not be evaluated: what went wrong. */
  error?: string;
  because?: Explanation;
}

/** Eligibility outcome. */
export interface EligibilityResult {
  status: EligibilityStatus;
  /** Reasons that made the job ineligible (status ineligible). */
  reasons: EligibilityReason[];
  /** Rules that could not be decided yet (missing facts). */
  pending: EligibilityReason[];
  /** Rules that could not be evaluated. */
  undetermined: EligibilityReason[];
}

/** A task's computed state. */
export interface TaskResult {
  id: string;
  title: string;
  form: string;
  stage: number;
  status: TaskStatus;
  owner: ActionOwnerRole;
  default_owner: ActionOwnerRole;
  blocked_by: string[];
  exceptions: Readonly<Record<ExceptionKind, boolean>>;
  explanation?: string;
}

/** A stage as shown in the progress bar. */
export interface StageProgress {
  number: number;
  key: string;
  label: string;
  /** The progress word that applies now: [0] while current or upcoming, [1] once done. */
  progress_label: string;
  state: 'done' | 'current' | 'upcoming';
}

/** Stage outcome. */
export interface StageResult {
  model: StageModelId;
  number: number;
  key: string;
  label: string;
  tab: StageTab;
  contractor_action?: string;
  progress: readonly StageProgress[];
  explanation?: string;
}

/** One incentive line item. */
export interface IncentiveLine {
  id: string;
  label: string;
  kind: 'measure' | 'total_cap' | 'household_limit' | 'percent_cap' | 'minimum';
  amount_cents: number;
  min_cents: number;
  max_cents: number;
  /** Set when a cap reduced the line: which cap (e.g. 'caps.heat_pump') and its value. */
  capped_by?: { cap: string; cap_cents: number; uncapped_cents: number };
  not_qualified?: string;
  material_cents?: number;
  labor_cents?: number;
  /** How the amount is worked out, in words (the measure's description in program.yaml). */
  description?: string;
  explanation?: string;
  /** With explanations: the facts the line's rule read and their values (ops). */
  reads?: Record<string, unknown>;
  /** Ops: the explanation in words (the values read, by their labels); set by the server's presenter. */
  why?: string;
}

/** Who a rebate is paid to (program.yaml incentives.payment.paid_to). */
export type PaidTo = 'contractor' | 'homeowner';

/**
 * The name a payment is sent to: the contractor company when the program pays the contractor and the job has one
 * (the homeowner assigned the rebate to it), else the homeowner. The server's payable and every page say the same.
 */
export function payeeOf(paidTo: PaidTo | undefined, contractor: string | null | undefined, homeowner: string): string {
  return (paidTo ?? 'contractor') === 'contractor' && contractor ? contractor : homeowner;
}

/** Incentive outcome. */
export interface IncentiveResult {
  /** range (initial), final, or payment_sent: the rebate display of spec sect. 4. */
  phase: 'range' | 'final' | 'payment_sent';
  range: { min_cents: number; max_cents: number };
  final_cents: number | null;
  /** The final amount is the one ops shared (incentives.shared_amount), not the rules' figure. */
  shared?: boolean;
  /** The most the program's caps and percentage limit allow this job (absent: a measure without a cap). */
  cap_cents?: number;
  /** The shared amount was above the caps: the rebate is the cap. */
  shared_capped?: { shared_cents: number; cap_cents: number };
  /**
   * The rules' final amount fell below the shared one (a later answer: the final costs) and ops have not confirmed the
   * shared amount with a reason: payment waits until they share again or confirm.
   */
  shared_above_rules?: { rules_cents: number; shared_cents: number };
  /** The payment sent; `paid_to` says who received it (the program's `paid_to`: payeeOf names them). */
  payment?: { amount_cents: number | null; sent_date: string | null; paid_to?: PaidTo };
  lines: IncentiveLine[];
  /** Set when an amount could not be computed: the spec's message. */
  error?: string;
}

/** Everything the engine says about a job. */
export interface JobEvaluation {
  program: string;
  program_hash: string;
  stage: StageResult;
  eligibility: EligibilityResult;
  tasks: TaskResult[];
  skipped_tasks: string[];
  incentive: IncentiveResult;
}
