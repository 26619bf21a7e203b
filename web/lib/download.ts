/**
 * Downloads a file of the API as the signed-in user (the bearer token cannot ride on a plain link) and saves it under
 * `name`. A refusal throws an ApiError with the API's own words (its `detail`), else `failed`.
 */

import { API_BASE, ApiError, queryString, type CallOptions } from './api-client.ts';
import { getSession } from './session.ts';

export async function downloadFile(
  path: string,
  name: string,
  failed: string,
  query?: CallOptions['query'],
): Promise<void> {
  const session = getSession();
  const res = await fetch(`${API_BASE}${path}${queryString(query)}`, {
    headers: session ? { Authorization: `Bearer ${session.token}` } : {},
  });
  if (!res.ok) {
    const detail = await res
      .json()
      .then((b: { detail?: unknown }) => b?.detail)
      .catch(() => undefined);
    throw new ApiError(res.status, typeof detail === 'string' ? detail : failed);
  }
  saveBlob(await res.blob(), name);
}

/** Saves a blob the page holds under `name` (the browser's download). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
