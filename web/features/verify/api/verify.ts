/**
 * The public check of a completion record (issue 44): GET /api/verify/{sha256} says what the record with that
 * SHA-256 covers and when it was issued (404: the portal issued none); a file is hashed in the browser, never sent.
 */

import { useQuery } from '@tanstack/react-query';
import type { RecordVerification } from '../../../../engine/api/completion.ts';
import { api } from '../../../lib/api-client.ts';

export type { RecordVerification };

export function useRecordVerification(sha256: string) {
  return useQuery({
    queryKey: ['verify', sha256.toLowerCase()],
    queryFn: () => api<RecordVerification>('GET', `/api/verify/${encodeURIComponent(sha256)}`, { ignoreErrors: [404] }),
    enabled: sha256 !== '',
    retry: false,
  });
}

/** A file's SHA-256 in hex, computed here (undefined where the browser offers no Web Crypto: not a secure page). */
export async function sha256Of(file: Blob): Promise<string | undefined> {
  if (!globalThis.crypto?.subtle) return undefined;
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
