/**
 * The definition files of the programs the explorer shows (GET /api/definitions/sources?programs=),
 * with what the server parsed of them, fetched once per set of programs. A light module: the explorer's
 * routes ask for them as the page's code starts loading (web/app/router.tsx), so the files and the code
 * arrive together instead of one after the other.
 */

import type { DefinitionSources } from '../../../../engine/api/misc.ts';
import { api } from '../../../lib/api-client.ts';
import { getSession } from '../../../lib/session.ts';

/** The program the explorer shows when its address names none. */
export const DEFAULT_PROGRAM = 'wi-hear';

const fetched = new Map<string, Promise<DefinitionSources>>();

/** The files of the programs `ids` (fetched once; a failed fetch is not kept). */
export function fetchSources(ids: string[]): Promise<DefinitionSources> {
  const key = [...new Set(ids)].sort().join(',');
  let files = fetched.get(key);
  if (!files) {
    files = api<DefinitionSources>('GET', '/api/definitions/sources', { query: { programs: key } });
    fetched.set(key, files);
    files.catch(() => fetched.delete(key));
  }
  return files;
}

/**
 * Starts fetching the files the explorer at this address shows: for ops only (no one else may read
 * them), and not for ?job= (the job's program is known once the job is read).
 */
export function prefetchSources(url: string): void {
  const q = new URL(url, window.location.origin).searchParams;
  if (getSession()?.user.role !== 'ops' || q.get('job')) return;
  const compare = q.get('compare');
  fetchSources([q.get('program') ?? DEFAULT_PROGRAM, ...(compare ? [compare] : [])]).catch(() => undefined);
}
