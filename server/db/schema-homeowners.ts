/** The table of homeowner invitations (migration 016): server/workflows/homeowners/homeowners.db.ts. */

import type { Generated } from 'kysely';

/** One invitation mailed to a homeowner from a job, with the tasks it sends them. */
export interface HomeownerInvitesTable {
  id: Generated<number>;
  job_id: number;
  email: string;
  /** The task ids sent (JSON array). */
  tasks: string;
  /** sha256 of the one-time link's token. */
  token_hash: string;
  expires_at: string;
  sent_by: number | null;
  created_at: string;
  /** When the link was opened (it works once). */
  used_at: string | null;
  /** The homeowner account the link created or linked. */
  user_id: number | null;
}
