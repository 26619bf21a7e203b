/**
 * The tables as the query builder (Kysely) sees them, the same on both backends: the migrations of
 * migrations/sqlite and migrations/postgres create these columns with these types. Flags are integers
 * 0/1 and times are ISO-8601 text on both, JSON is text, so rows read the same whichever backend wrote
 * them.
 */

import type { Generated } from 'kysely';
import type {
  JobCubeTable,
  JobFacetTotalsTable,
  JobTotalsTable,
  JobsVersionTable,
  StoredFilesTable,
  WorkItemsTable,
} from './schema-background.ts';
import type { DocumentSignaturesTable, DocumentsTable } from './schema-documents.ts';
import type { UsageCollectionsTable, UsageReadingsTable } from './schema-usage.ts';
import type { PaymentsTable, PaymentOverridesTable } from './schema-payments.ts';
import type { OidcLoginsTable } from './schema-oidc.ts';
import type { CompletionRecordsTable, TrackingRecordsTable } from './schema-records.ts';
import type { HomeownerInvitesTable } from './schema-homeowners.ts';
import type { DefinitionVersionsTable } from './schema-versions.ts';
import type { BudgetEntriesTable, BudgetsTable, BudgetWaitlistTable } from './schema-budget.ts';
import type {
  ContractorStandingChangesTable,
  ContractorStandingsTable,
  QualityDecisionsTable,
  QualityOutcomesTable,
  QualityCorrectiveActionsTable,
  QualityAssignmentsTable,
  QualityVisitsTable,
} from './schema-quality.ts';
import type {
  AnnouncementsTable,
  TermsVersionsTable,
  ProvidersTable,
  EquipmentTable,
  ContractorEquipmentTable,
} from './schema-admin.ts';

export type {
  CubeAnchor,
  JobCubeTable,
  JobFacet,
  JobFacetTotalsTable,
  JobTotalsTable,
  JobsVersionTable,
  StoredFilesTable,
  WorkItemsTable,
  WorkState,
} from './schema-background.ts';
export type {
  AnnouncementsTable,
  TermsVersionsTable,
  ProvidersTable,
  EquipmentTable,
  ContractorEquipmentTable,
} from './schema-admin.ts';

type Id = Generated<number>;
type Text = string | null;
type Real = number | null;
type Int = number | null;
/** A column with a default: optional on insert. */
type Flag = Generated<number>;

export interface ContractorsTable {
  id: Id;
  name: string;
  address: Text;
  city: Text;
  phone: Text;
  email: Text;
  primary_contact: Text;
  program_id: Text;
  created_at: string;
  deleted_at: Text;
}

export interface UsersTable {
  id: Id;
  email: string;
  name: string;
  role: 'ops' | 'contractor' | 'homeowner' | 'inspector';
  contractor_id: Int;
  password_hash: Text;
  created_at: string;
}

export interface TokensTable {
  token_hash: string;
  user_id: number;
  kind: 'session' | 'login' | 'reset';
  expires_at: string;
  used_at: Text;
  created_at: string;
}

export interface LoginFailuresTable {
  key: string;
  at: string;
}

export interface JobsTable {
  id: Id;
  code: string;
  external_id: Text;
  first_name: string;
  last_name: string;
  full_name: string;
  email: Text;
  phone_number: Text;
  address: string;
  city: Text;
  county: Text;
  state: Text;
  zip: Text;
  lat: Real;
  lon: Real;
  electric_utility: Text;
  gas_utility: Text;
  place_id: Text;
  contractor_id: Int;
  homeowner_user_id: Int;
  program_id: string;
  stage: Generated<number>;
  stage_key: Text;
  tab: Text;
  eligibility: Generated<string>;
  is_eligible: Flag;
  action_owners: Generated<string>;
  has_contractor_task_exception: Flag;
  has_ops_task_exception: Flag;
  rebate_min_cents: Int;
  rebate_max_cents: Int;
  rebate_final_cents: Int;
  /** The rebate lines by measure id (JSON, cents) of the last evaluation (migration 029), for household limits. */
  rebate_lines: Text;
  /** The first open task of each owner, in order (JSON [[owner, task id], ...], migration 032): list cards read it. */
  next_steps: Text;
  definition_hash: Text;
  /** The day (ISO date) the stored outcome columns were last computed (migration 020; null: never since). */
  evaluated_on: Text;
  stage_entered_at: string;
  is_canceled: Flag;
  cancel_reason: Text;
  cancel_note: Text;
  is_deemed: Flag;
  ops_marked_ineligible: Flag;
  /** Why ops marked the job ineligible (null when not marked). */
  ops_ineligible_reason: Text;
  /** Why ops let the job go on although the rules find it ineligible (migration 026; null: no override). */
  eligibility_override_reason: Text;
  /** The definition version the job is evaluated under (null: the current definitions). */
  pinned_version: Text;
  claimed_by: Int;
  created_by: Int;
  submitted_by: Int;
  submitted_at: Text;
  ops_owner: Int;
  exception_notes: Text;
  submit_terms_id: Int;
  install_terms_id: Int;
  cloned_from: Int;
  /** What rules read as usage.<name> (JSON), set by energy usage collection. */
  usage_facts: Text;
  /** The tasks sent to the homeowner by the invitations they accepted (JSON array; null: every homeowner task). */
  homeowner_tasks: Text;
  created_at: string;
  updated_at: string;
}

export interface JobTasksTable {
  job_id: number;
  task_id: string;
  status: 'IN_PROGRESS' | 'COMPLETE' | null;
  data: Text;
  draft: Text;
  owner_override: Text;
  exceptions: Text;
  version: Generated<number>;
  updated_at: Text;
  updated_by: Int;
}

export interface HistoryTable {
  id: Id;
  job_id: number;
  type: string;
  user_id: Int;
  at: string;
  detail: Text;
}

export interface PlacesTable {
  place_id: string;
  address: string;
  city: Text;
  county: Text;
  state: Text;
  zip: Text;
  lat: Real;
  lon: Real;
  electric_utility: Text;
  gas_utility: Text;
}

export interface OutboxTable {
  id: Id;
  to_address: string;
  subject: string;
  body: string;
  created_at: string;
}

export interface PreferencesTable {
  user_id: number;
  data: string;
}

export interface FeatureFlagsTable {
  name: string;
  enabled: number;
}

export interface AttachmentsTable {
  id: string;
  job_id: number;
  task_id: string;
  field: string;
  name: string;
  content_type: string;
  size_bytes: number;
  stored_name: string;
  lat: Real;
  lon: Real;
  taken_at: Text;
  created_by: Int;
  created_at: string;
  deleted_at: Text;
}

/** One row per job and role with an open task (the jobs list's action-owner filter). */
export interface JobActionOwnersTable {
  role: string;
  job_id: number;
  is_canceled: number;
  stage: number;
  created_at: string;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: string;
}

/** Every table. */
export interface DB {
  contractors: ContractorsTable;
  users: UsersTable;
  tokens: TokensTable;
  login_failures: LoginFailuresTable;
  jobs: JobsTable;
  job_tasks: JobTasksTable;
  history: HistoryTable;
  places: PlacesTable;
  outbox: OutboxTable;
  preferences: PreferencesTable;
  feature_flags: FeatureFlagsTable;
  announcements: AnnouncementsTable;
  terms_versions: TermsVersionsTable;
  providers: ProvidersTable;
  equipment: EquipmentTable;
  attachments: AttachmentsTable;
  contractor_equipment: ContractorEquipmentTable;
  job_action_owners: JobActionOwnersTable;
  jobs_version: JobsVersionTable;
  job_totals: JobTotalsTable;
  job_facet_totals: JobFacetTotalsTable;
  job_cube: JobCubeTable;
  work_items: WorkItemsTable;
  stored_files: StoredFilesTable;
  documents: DocumentsTable;
  document_signatures: DocumentSignaturesTable;
  usage_collections: UsageCollectionsTable;
  usage_readings: UsageReadingsTable;
  payments: PaymentsTable;
  payment_overrides: PaymentOverridesTable;
  oidc_logins: OidcLoginsTable;
  homeowner_invites: HomeownerInvitesTable;
  definition_versions: DefinitionVersionsTable;
  budgets: BudgetsTable;
  budget_entries: BudgetEntriesTable;
  budget_waitlist: BudgetWaitlistTable;
  quality_decisions: QualityDecisionsTable;
  contractor_standings: ContractorStandingsTable;
  quality_outcomes: QualityOutcomesTable;
  contractor_standing_changes: ContractorStandingChangesTable;
  quality_corrective_actions: QualityCorrectiveActionsTable;
  quality_assignments: QualityAssignmentsTable;
  quality_visits: QualityVisitsTable;
  completion_records: CompletionRecordsTable;
  tracking_records: TrackingRecordsTable;
  schema_migrations: SchemaMigrationsTable;
}
