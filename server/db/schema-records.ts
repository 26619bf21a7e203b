/** The table of completion records (migration 041): server/workflows/records/records.db.ts. */

import type { Generated } from 'kysely';

/** A paid job's completion record: the PDF in the file storage, its SHA-256 and what the verify page may say. */
export interface CompletionRecordsTable {
  job_id: number;
  sha256: string;
  /** The PDF's name in the file storage. */
  file_name: string;
  size_bytes: number;
  issued_at: string;
  /** JSON RecordCovers (engine/api/completion.ts): nothing personal. */
  covers: string;
}

/** A federal report record of a job (migration 042): server/workflows/reporting/reporting.db.ts. */
export interface TrackingRecordsTable {
  id: Generated<number>;
  job_id: number;
  measure: string;
  kind: 'reservation' | 'redemption';
  state: 'incomplete' | 'pending' | 'accepted' | 'refused';
  /** JSON: the record as the tool takes it. */
  record: string;
  /** JSON string[]: what it still misses (empty once it passes the contract). */
  missing: string;
  /** The day of its moment (the reservation, the payment): the month its bulk file holds it in. */
  moment: string;
  tool_id: string | null;
  /** JSON {path, message}[]: the tool's reasons for refusing it. */
  errors: string | null;
  attempt: Generated<number>;
  sent_at: string | null;
  updated_at: string;
}
