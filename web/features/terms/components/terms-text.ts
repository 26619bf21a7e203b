/** How a version's origin reads. */

import type { TermsVersion } from '../api/get-terms-version.ts';

/** "Saved by Olivia Ops on Mar 3, 2026". */
export function savedBy(v: Pick<TermsVersion, 'created_at' | 'created_by'>): string {
  const on = new Date(v.created_at).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
  return v.created_by ? `Saved by ${v.created_by.name} on ${on}` : `Saved on ${on}`;
}
