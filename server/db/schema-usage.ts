/** The tables of energy usage collection (migration 014): server/workflows/usage/usage.db.ts. */

import type { Generated } from 'kysely';

/** One job's usage collection. */
export interface UsageCollectionsTable {
  id: Generated<number>;
  job_id: number;
  /** The program's usage_collection task. */
  task_id: string;
  /** SHA-256 of the homeowner's collection link token, and when the link stops working. */
  token_hash: string | null;
  token_expires_at: string | null;
  /** The utility data service's authorization, and its sign-in page. */
  authorization_id: string | null;
  authorization_url: string | null;
  /** 1: the homeowner agreed to connect; 0: declined; null: not asked yet. */
  consent: number | null;
  /** The nine steps (JSON engine UsageSteps). */
  steps: string;
  /** The meters identified (JSON StoredMeter[]). */
  meters: string;
  /** Invites mailed so far (each invite's work key carries its number). */
  invites: Generated<number>;
  /** Status checks scheduled so far (each check's work key carries its number). */
  checks: Generated<number>;
  /** Collections run so far (each collect's work key carries its number). */
  runs: Generated<number>;
  /** The last run whose outcome was recorded (a run repeated after that records nothing again). */
  runs_done: Generated<number>;
  subscribed_at: string | null;
  /** When the homeowner withdrew a consent given (a decline after connecting); null otherwise. */
  withdrawn_at: string | null;
  processed_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One reading of one meter: rewritten, never duplicated, when a collection runs again. */
export interface UsageReadingsTable {
  collection_id: number;
  meter_id: string;
  /** delivered (the usage), received (export to the grid) or net; rows before migration 027 are delivered. */
  channel: string;
  service: string;
  start: string;
  seconds: number;
  value: number;
  unit: string;
  /** Seconds east of UTC of the feed's local time at the start; null before migration 027 (UTC months). */
  utc_offset: number | null;
}
