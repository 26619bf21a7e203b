/** The table of completion records (migration 041): server/workflows/records/records.db.ts. */

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
