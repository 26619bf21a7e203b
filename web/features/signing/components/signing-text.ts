/**
 * The signer's page's own texts and the small reckonings behind them: which entry of the signers is the
 * person holding the link, who still has to sign once they did, and what a dead link says.
 */

import {
  SIGNER_ROLE_LABELS,
  SIGNING_MESSAGES,
  type SignatureStatus,
  type SigningView,
} from '../../../../engine/api/signing.ts';
import { ApiError } from '../../../lib/api-client.ts';

export const SIGNING_TEXT = {
  signed: 'Thank you. Your signature was recorded.',
  all_signed: 'Everyone has signed: the document is complete.',
  still_to_sign: 'Still to sign:',
  waiting_title: 'Not your turn yet',
  link_invalid_title: 'This link does not work',
  link_spent_title: 'Nothing to sign here',
  load_failed: 'The document could not be loaded.',
  load_failed_advice: 'Please check your connection and try again.',
  copy_title: 'Your copy',
  copy_signed_on: 'You signed this document on',
  copy_download: 'Download your copy (PDF)',
  copy_as_signed:
    'Keep a copy of the document as you signed it. Once everyone has signed, we email you the copy with every signature.',
  copy_complete: 'Everyone has signed: your copy carries every signature and the record of who signed when.',
} as const;

type Signer = SigningView['signers'][number];

/** "Ana Diaz (Homeowner)". */
export const signerName = (s: Pick<Signer, 'name' | 'role'>) => `${s.name} (${SIGNER_ROLE_LABELS[s.role]})`;

/**
 * The index of the link's holder among the signers: the view names them by role and name only, so the
 * first entry with both (preferring one still pending) is theirs.
 */
export function myIndex(view: SigningView): number {
  // A document has one signer per role (the server's unique key), so the role names the holder.
  return view.signers.findIndex((s) => s.role === view.signer.role);
}

/** The signers as they stand after the holder's answer (their own entry set to `status`). */
export function signersAfter(view: SigningView, status: SignatureStatus): Signer[] {
  const me = myIndex(view);
  return view.signers.map((s, i) => (i === me ? { ...s, status } : s));
}

/** Who still has to sign (nobody once the document is done or was declined). */
export function stillToSign(signers: Signer[], documentStatus: SignatureStatus): Signer[] {
  if (documentStatus === 'success' || documentStatus === 'failure') return [];
  return signers.filter((s) => s.status !== 'success' && s.status !== 'failure');
}

/** What a refused link says: the server's detail, or ours for its status. */
export function goneOf(error: unknown): { title: string; detail: string; spent: boolean } | null {
  if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 410)) return null;
  const detail = typeof error.body?.detail === 'string' && error.body.detail ? error.body.detail : null;
  return error.status === 410
    ? { title: SIGNING_TEXT.link_spent_title, detail: detail ?? SIGNING_MESSAGES.no_longer_needed, spent: true }
    : { title: SIGNING_TEXT.link_invalid_title, detail: detail ?? SIGNING_MESSAGES.link_invalid, spent: false };
}
