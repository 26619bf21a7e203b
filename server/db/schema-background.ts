/**
 * Tables no request writes as such (split from schema.ts, which re-exports them): the counters triggers
 * keep, the background work queue, and upload bytes kept in the database.
 */

import type { Generated } from 'kysely';

/** A unit of background work (migration 011): server/db/work.db.ts. */
export interface WorkItemsTable {
  id: Generated<number>;
  kind: string;
  idempotency_key: string;
  payload: string;
  state: Generated<WorkState>;
  attempts: Generated<number>;
  max_attempts: number;
  run_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  last_error: string | null;
  result: string | null;
  created_at: string;
  updated_at: string;
}

/** Uploaded bytes kept in the database (migration 012, UPLOAD_STORAGE=database). */
export interface StoredFilesTable {
  name: string;
  bytes: Buffer;
  created_at: string;
}

/** Where a unit of work is: waiting (or retrying), held by a worker, finished, or out of attempts. */
export type WorkState = 'ready' | 'leased' | 'done' | 'dead';

/** The counter every change to jobs bumps (migration 006): list caches check it. */
export interface JobsVersionTable {
  id: number;
  v: number;
}

/** Jobs per (is_canceled, stage), kept by triggers (migration 010). */
export interface JobTotalsTable {
  is_canceled: number;
  stage: number;
  n: number;
}

/** Jobs per (facet, value, is_canceled, stage): one action owner, program, company, ops owner or claimed-ness; kept by
 * triggers (migration 021). */
export interface JobFacetTotalsTable {
  facet: JobFacet;
  value: string;
  is_canceled: number;
  stage: number;
  n: number;
}

/**
 * Jobs per combination of the list's low-cardinality filters with canceled-ness and stage (migration 044), for all jobs
 * (facet '') and for each company, ops owner, creating or submitting user, person whose jobs they are and action owner
 * role: counts of several filters at once sum its rows.
 */
export interface JobCubeTable {
  facet: '' | CubeAnchor;
  /** The company's or user's id as text, or the action owner's role ('' for all jobs). */
  value: string;
  is_canceled: number;
  stage: number;
  program_id: string;
  eligibility: string;
  is_eligible: number;
  /** 1 when the job is claimed (claimed_by is set). */
  claimed: number;
  has_ops_task_exception: number;
  has_contractor_task_exception: number;
  n: number;
}

/** The facets job_cube keeps the low-cardinality filters' totals of, beside all jobs'. */
export type CubeAnchor = 'contractor' | 'ops_owner' | 'creator' | 'submitter' | 'mine' | 'owner';

/** The filters whose totals job_facet_totals keeps. */
export type JobFacet =
  | 'owner'
  | 'program'
  | 'contractor'
  | 'ops_owner'
  | 'claimed'
  | 'eligibility'
  | 'eligible'
  | 'ops_exception'
  | 'contractor_exception'
  | 'creator'
  | 'submitter'
  | 'mine';
