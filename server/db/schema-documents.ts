/** The tables of document signing (migration 013): server/workflows/signing/documents.db.ts. */

import type { Generated } from 'kysely';

/** A generated document of a job's signing task (one row per generation). */
export interface DocumentsTable {
  id: Generated<number>;
  job_id: number;
  task_id: string;
  doc_key: string;
  generation: number;
  title: string;
  /** The filled document as JSON (engine PreparedDocument plus its subtitle): the signing page shows it. */
  content: string;
  terms_kind: string | null;
  /** The generated PDF in the file storage, and its SHA-256. */
  file_name: string;
  sha256: string;
  /** Where each signer's signature goes (JSON SignatureBox[]). */
  boxes: string;
  /** The signed PDF (signatures stamped, audit certificate), once made. */
  signed_file_name: string | null;
  /** The signed PDF's SHA-256 (the sealed file as stored). */
  signed_sha256: string | null;
  superseded_at: string | null;
  created_at: string;
}

/** One signer's signature of a document. */
export interface DocumentSignaturesTable {
  id: Generated<number>;
  document_id: number;
  order_index: number;
  role: string;
  name: string;
  email: string | null;
  status: Generated<string>;
  token_hash: string | null;
  token_expires_at: string | null;
  /** The copy mail's link (migration 043): reads the signer's copy only, beside the link they signed with. */
  copy_token_hash: Generated<string | null>;
  copy_token_expires_at: Generated<string | null>;
  invites_requested: Generated<number>;
  invites_sent: Generated<number>;
  invited_at: string | null;
  consent_at: string | null;
  signed_at: string | null;
  ip: string | null;
  user_agent: string | null;
  seen_sha256: string | null;
  signature_kind: string | null;
  signature_text: string | null;
  signature_image: string | null;
  decline_reason: string | null;
  terms_id: number | null;
}
