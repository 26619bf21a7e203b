/**
 * Domain types shared by server, web and cli. Definition types mirror the meta-schemas in
 * `engine/schema/`; the loader only produces them from documents the meta-schema accepted.
 */

import type {
  ActionOwnerRole,
  ExceptionKind,
  JobSection,
  StageModelId,
  StageTab,
  StoredTaskStatus,
} from './constants.ts';
import type { SignerRole } from './api/signing.ts';
import type { DocumentDef } from './types-documents.ts';
import type { BudgetDef } from './types-budget.ts';
import type { QualityDef } from './types-quality.ts';
import type { ReportingDef } from './types-reporting.ts';
import type { ExclusionDef, HouseholdJob, HouseholdLimitDef } from './types-household.ts';
import type { RuleBase, SourceRange } from './types-base.ts';
import type { Logic } from './logic/walk.ts';
import type { FormRuntime } from './forms/form-runtime.ts';
import type { PaidTo, StageResult } from './results.ts';

/** A problem found in the definitions. */
export interface Diagnostic {
  code: string;
  message: string;
  severity: 'error' | 'warning';
  file: string;
  /** JSON path inside the file's document. */
  path: (string | number)[];
  range: SourceRange;
}

/** A file handed to the loader. */
export interface SourceFile {
  path: string;
  text: string;
}

/** One stage of a stage model. */
export interface StageDef {
  number: number;
  key: string;
  label: string;
  progress: [string, string];
  tab: StageTab;
  contractor_action?: string;
  /** Completing this stage submits the rebate (exactly one stage of a model). */
  submits?: true;
}

/** A stage model (reading A or B of spec sect. 4). */
export interface StageModel {
  id: StageModelId;
  label: string;
  stages: StageDef[];
}

/** A compiled eligibility rule. */
export interface EligibilityRule extends RuleBase {
  reason: string;
  reason_text: string;
  description?: string;
  /** What an ineligible job tells its homeowner, in their words (program.yaml / _shared `homeowner_message`). */
  homeowner_message?: string;
  needs: string[];
  /** `needs`, each split into path segments once at load time. */
  needs_paths: string[][];
}

/** A compiled task definition. */
export interface TaskDef {
  id: string;
  title: string;
  form: string;
  stage: number;
  owner: ActionOwnerRole;
  after: string[];
  applies_if?: RuleBase;
  description?: string;
  /** A homeowner task the contractor may fill on the homeowner's behalf (program.yaml `on_behalf: true`). */
  on_behalf?: boolean;
  source: SourceRange;
}

/** A compiled cross-field rule on a task. */
export interface TaskRule {
  id: string;
  task: string;
  field?: string;
  applies_if?: RuleBase;
  valid_if: RuleBase;
  message: string;
  severity: 'error' | 'warning';
  source: SourceRange;
}

/** A compiled incentive measure. */
export interface MeasureDef {
  id: string;
  label: string;
  /** How the amount is worked out, in the words contractors and homeowners read (program.yaml). */
  description?: string;
  applies_if?: RuleBase;
  qualifies_if?: RuleBase;
  not_qualified_message?: string;
  amount: RuleBase;
  estimate?: { min: RuleBase; max: RuleBase };
  cap_cents?: number;
  cap_source?: SourceRange;
}

/** A compiled incentive model. */
export interface IncentiveDef {
  measures: MeasureDef[];
  /** A limit on the total of some measures' lines (e.g. the HEAR per-household limit); every measure when `measures` is
   * absent. */
  total_cap?: { id: string; label: string; cap_cents: number; measures?: string[]; source?: SourceRange };
  percent_cap?: { id: string; label: string; percent: number; of: RuleBase };
  /** Limits over the household: the other jobs at the address (program.yaml incentives.household_limits). */
  household_limits?: HouseholdLimitDef[];
  /** The same upgrade at the address under another program (program.yaml incentives.exclusions). */
  exclusions?: ExclusionDef[];
  minimum?: { id: string; label: string; amount_cents: number; when: RuleBase };
  final_when: RuleBase;
  /** Where ops record the final amount they share (program.yaml incentives.shared_amount). */
  shared_amount?: { task: string; amount_field: string; confirm_field?: string; reason_field?: string };
  payment?: {
    task: string;
    amount_field: string;
    date_field: string;
    reference_field?: string;
    /** Who the rebate is paid to (program.yaml `paid_to`; absent: the contractor company, else the homeowner). */
    paid_to?: PaidTo;
    /** The payable created in the accounts-payment system once `when` holds. */
    payable?: { when: RuleBase; amount: RuleBase; invoiced_at: RuleBase };
  };
  invoice_split?: { material_percent: number; labor_percent: number } | undefined;
}

/** A lookup table. */
export interface TableDef {
  description?: string;
  keys: string[];
  unit?: string;
  values: Record<string, unknown>;
}

/** A loaded, compiled program definition. */
export interface Program {
  id: string;
  name: string;
  description?: string;
  active: boolean;
  stage_model: StageModel;
  /** The result of each stage of the model, in order, shared by every evaluation. */
  stage_results: StageResult[];
  accept_submissions: { from: string | null; until: string | null };
  service_area: {
    states: string[];
    counties?: string[];
    zip_codes?: string[];
    utilities?: { electric?: string[]; gas?: string[] };
  };
  constants: Record<string, unknown>;
  tables: Record<string, TableDef>;
  /** Table values by name, as rules read them (tables.<name>). */
  table_values: Record<string, unknown>;
  eligibility: EligibilityRule[];
  /** Tasks in display order. */
  tasks: TaskDef[];
  /** Tasks in dependency order (every task after the tasks it waits for). */
  task_order: TaskDef[];
  incentives: IncentiveDef;
  rules: TaskRule[];
  /** The documents it generates and has signed (program.yaml `documents:`), in order. */
  documents: DocumentDef[];
  /** Its money: allocation, reservations, waitlist (program.yaml `budget:`), when the program has one. */
  budget?: BudgetDef;
  /** Its quality assurance: sampled reviews, contractor standing, corrective actions (program.yaml `quality:`). */
  quality?: QualityDef;
  /** What it reports to the federal tracking tool, and how (program.yaml `reporting:`, issue 44). */
  reporting?: ReportingDef;
  /** Energy usage collection (program.yaml `usage_collection:`), when the program collects usage. */
  usage_collection?: { task: string; months_required: number };
  /** When jobs pin to a definition version and what of a newer one still reaches them (program.yaml `versioning:`). */
  versioning: ProgramVersioning;
  /** Hash of the resolved definition; jobs record it. */
  hash: string;
  file: string;
  /** The raw document as loaded (for the program explorer). */
  raw: Record<string, unknown>;
}

/** program.yaml `versioning:` (defaults: pin at submission, nothing applies to pinned jobs). */
export interface ProgramVersioning {
  pin_at: 'submission' | 'creation' | 'never';
  /** Dotted paths of the program document whose current value reaches pinned jobs. */
  apply_to_pinned: string[];
}

/** Another form's upload field whose files a field may reuse. */
export interface UploadSource {
  form: string;
  field: string;
}

/** A loaded task form. */
export interface TaskForm {
  key: string;
  title: string;
  description?: string;
  /** The job-detail section its tasks show under (form.yaml `section:`); absent: Program progress only. */
  section?: JobSection;
  /** Its tasks produce documents to sign (form.yaml `produces_documents: true`). */
  produces_documents?: boolean;
  /** What a completion by e-signature answers besides the saved answers (form.yaml `esigned_answers:`). */
  esigned_answers?: Record<string, string | number | boolean>;
  /** Fields the server fills with signature statuses, by signer role or `all` (form.yaml `signatures:`). */
  signatures?: Record<string, SignerRole | 'all'>;
  /** Fields the server fills with a terms and conditions version id (form.yaml `terms_fields:`). */
  terms_fields?: Record<string, 'install' | 'submit'>;
  /** The portal screen the form is, when no program task uses it (form.yaml `portal_screen:`). */
  portal_screen?: string;
  /** Submitting it is the homeowner's own statement: never answered on their behalf (form.yaml `attestation: true`). */
  attestation?: boolean;
  /** Fields the server fills from energy usage collection's facts whatever was sent (form.yaml `usage_fields:`). */
  usage_fields?: Record<string, string>;
  /** Fields suggested from usage facts while the task holds no value for them (form.yaml `usage_prefill:`). */
  usage_prefill?: Record<string, string>;
  /** Upload fields that may take a file uploaded on the job to another form's field (form.yaml `reuse_uploads:`). */
  reuse_uploads?: Record<string, UploadSource[]>;
  /** The form's JSON Schema, self-contained: shared definitions are merged into its `definitions`. */
  schema: Record<string, unknown>;
  ui_schema?: Record<string, unknown>;
  messages?: Record<string, string>;
  /** Fields shown only while a condition over the job holds (form.yaml `shown_if:`, JSON-Logic over job.* and
   * derived.today). */
  shown_if?: Record<string, Logic>;
  file: string;
  /** Top-level field names of the form's schema (including fields of if/then/else branches). */
  fields: string[];
  /** Compiled validators, conditionals and rules. */
  runtime: FormRuntime;
}

/** An exception flag on a task. */
export interface ExceptionFlag {
  note?: string;
  by?: string;
  at?: string;
}

/** A task's stored state on a job. READY and LOCKED are never stored: the engine derives them. */
export interface TaskState {
  status?: StoredTaskStatus;
  data?: Record<string, unknown>;
  owner_override?: { role: ActionOwnerRole; reason: string; comments?: string } | null;
  exceptions?: Partial<Record<ExceptionKind, ExceptionFlag | null>>;
}

/** The job site. */
export interface JobSite {
  address?: string;
  city?: string;
  county?: string;
  state?: string;
  zip?: string;
  lat?: number;
  lon?: number;
  electric_utility?: string;
  gas_utility?: string;
}

/** A job as the engine reads it. */
export interface JobInput {
  id?: string;
  code?: string;
  created_at?: string;
  submitted_at?: string | null;
  is_canceled?: boolean;
  is_deemed?: boolean;
  ops_marked_ineligible?: boolean;
  site?: JobSite;
  tasks?: Record<string, TaskState>;
  /** Energy usage collection's facts (usage.<name>), when it ran. */
  usage?: Record<string, unknown>;
  /** The household: the other jobs at the address created before this one, not canceled (household_limits). */
  household?: HouseholdJob[];
}

/** What the caller supplies: the engine never reads a clock, a role or a flag by itself. */
export interface EvalContext {
  /** Today's date (ISO). */
  today: string;
  /** Produce explanations (a slower tracing pass). */
  explain?: boolean;
}

// What the engine says about a job (its results) lives in results.ts; one import for both.
export type * from './results.ts';
export type * from './types-documents.ts';
export type * from './types-base.ts';
export type * from './types-household.ts';
export type * from './types-budget.ts';
export type * from './types-quality.ts';
