/**
 * Live pages (issue 42): while someone is signed in, one event stream (GET /api/changes) says which jobs they may read
 * changed, on any instance; the queries showing those jobs (['job', id, ...]) and the lists that may hold them are
 * read again. A dropped stream reconnects, and everything shown is read again once it is back (what changed meanwhile
 * was missed), as on the server's `resync`. The bearer token cannot ride on an EventSource: the stream is read with
 * fetch and parsed by eventsource-parser.
 */

import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createParser } from 'eventsource-parser';
import { useEffect } from 'react';
import { API_BASE } from './api-client.ts';
import { useSession } from './use-auth.ts';

/** Queries that list jobs (any of them may hold a changed job): read again with every change. */
export const LIST_KEYS = [['jobs'], ['jobs-summary'], ['budgets'], ['reconciliation'], ['inspections']] as const;

/** Changes are gathered this long and read again together (a submission changes a job several times). */
export const LIVE_BATCH_MS = 200;
/** How long a dropped stream waits before it connects again (the server may say otherwise: `retry:`). */
export const LIVE_RETRY_MS = 2_000;

/** Reads again what shows the changed jobs (null: everything). */
export function refreshJobs(qc: QueryClient, ids: number[] | null): void {
  if (ids === null) {
    void qc.invalidateQueries();
    return;
  }
  for (const id of ids) void qc.invalidateQueries({ queryKey: ['job', id] });
  for (const key of LIST_KEYS) void qc.invalidateQueries({ queryKey: [...key] });
}

/**
 * Follows the signed-in user's event stream until `signal` aborts: `onJobs` with changed job ids, `onResync` when
 * everything shown should be read again (a reconnect after a drop, or the server's resync).
 */
export async function followChanges(
  token: string,
  signal: AbortSignal,
  onJobs: (ids: number[]) => void,
  onResync: () => void,
): Promise<void> {
  let retry = LIVE_RETRY_MS;
  let connectedBefore = false;
  while (!signal.aborted) {
    try {
      const res = await fetch(`${API_BASE}/api/changes`, { headers: { Authorization: `Bearer ${token}` }, signal });
      // Signed out (or the route gone): the session's own handling takes over; nothing to follow.
      if (res.status === 401 || res.status === 403 || res.status === 404) return;
      if (!res.ok || !res.body) throw new Error(`changes: ${res.status}`);
      const parser = createParser({
        onRetry: (ms) => (retry = ms),
        onEvent: (e) => {
          if (e.event === 'ready') {
            if (connectedBefore) onResync();
            connectedBefore = true;
          } else if (e.event === 'resync') onResync();
          else if (e.event === 'jobs') {
            const ids = (JSON.parse(e.data) as { jobs?: unknown }).jobs;
            if (Array.isArray(ids)) onJobs(ids.filter((x): x is number => typeof x === 'number'));
          }
        },
      });
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch {
      if (signal.aborted) return;
    }
    await new Promise((resolve) => setTimeout(resolve, retry));
  }
}

/** Keeps what the signed-in user sees in step with the server (mounted once, inside the signed-in routes). */
export function useLiveChanges(): void {
  const qc = useQueryClient();
  const token = useSession()?.token;
  useEffect(() => {
    if (!token || typeof fetch === 'undefined') return;
    const abort = new AbortController();
    let pending: Set<number> | null = new Set();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      const ids = pending === null ? null : [...pending];
      pending = new Set();
      refreshJobs(qc, ids);
    };
    const later = () => (timer ??= setTimeout(flush, LIVE_BATCH_MS));
    void followChanges(
      token,
      abort.signal,
      (ids) => {
        if (pending) for (const id of ids) pending.add(id);
        later();
      },
      () => {
        pending = null;
        later();
      },
    );
    return () => {
      abort.abort();
      if (timer) clearTimeout(timer);
    };
  }, [qc, token]);
}
