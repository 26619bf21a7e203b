/** The tables of quality assurance (migration 033): server/workflows/quality/quality.db.ts. */

import type { Generated } from 'kysely';

/** A review's sampling decision for a job, taken once, with what it was derived from. */
export interface QualityDecisionsTable {
  id: Generated<number>;
  job_id: number;
  contractor_id: number | null;
  program_id: string;
  review_id: string;
  kind: string;
  /** 1 sampled, 0 not. */
  sampled: number;
  reason: string;
  explanation: string;
  draw: number | null;
  /** The contractor's standing when the decision was taken. */
  standing: string;
  /** The contractor's jobs of the program decided for this review before this one. */
  earlier_jobs: number;
  decided_at: string;
}

/** A contractor's standing in a program (no row: provisional). */
export interface ContractorStandingsTable {
  contractor_id: number;
  program_id: string;
  standing: string;
  since: string;
}

/** A recorded outcome of a sampled review, only ever appended. */
export interface QualityOutcomesTable {
  id: Generated<number>;
  job_id: number;
  contractor_id: number | null;
  program_id: string;
  review_id: string;
  /** pass or fail. */
  outcome: string;
  note: string | null;
  /** The checklists' answers (JSON: form key -> data), migration 039; null for an outcome recorded before. */
  answers: string | null;
  user_id: number | null;
  at: string;
}

/** A change of a contractor's standing in a program, with its cause (user_id: set by hand). */
export interface ContractorStandingChangesTable {
  id: Generated<number>;
  contractor_id: number;
  program_id: string;
  standing: string;
  cause: string;
  user_id: number | null;
  at: string;
}

/** A corrective action a failed review opened (migration 036). state: open | answered | reinspection | closed. */
export interface QualityCorrectiveActionsTable {
  id: Generated<number>;
  job_id: number;
  contractor_id: number | null;
  program_id: string;
  review_id: string;
  /** What the failed review found (its outcome's note). */
  finding: string | null;
  state: string;
  opened_at: string;
  due_at: string;
  answer_note: string | null;
  /** The job's attachment ids the contractor's answer points at (JSON array). */
  answer_attachments: string | null;
  answered_at: string | null;
  answered_by: number | null;
  /** accepted (ops took the answer) or passed_reinspection. */
  resolution: string | null;
  closed_at: string | null;
  closed_by: number | null;
}

/** Who inspects a sampled review of a job (migration 038): one inspector at a time. */
export interface QualityAssignmentsTable {
  job_id: number;
  review_id: string;
  inspector_id: number;
  assigned_at: string;
  assigned_by: number | null;
}

/** A field inspection's visit with the homeowner (migration 040): times offered, and the one confirmed. */
export interface QualityVisitsTable {
  job_id: number;
  review_id: string;
  state: string;
  /** JSON: the ISO instants offered. */
  times: string;
  time_zone: string;
  visit_at: string | null;
  chosen_by_homeowner: Generated<number>;
  note: string | null;
  token_hash: string;
  proposed_by: number | null;
  proposed_at: string;
  answered_at: string | null;
}
