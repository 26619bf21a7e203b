/**
 * Reads a Server-Sent Events stream (GET /api/changes) as a test would: every event in order, and a wait for the first
 * one a condition accepts (no timer: the test's own timeout is the ceiling). eventsource-parser does the parsing.
 */

import { createParser, type EventSourceMessage } from 'eventsource-parser';

export interface EventStream {
  events: { event: string; data: unknown }[];
  /** Resolves with the first event (already received or to come) that `accept` takes. */
  next(accept: (e: { event: string; data: unknown }) => boolean): Promise<{ event: string; data: unknown }>;
  close(): void;
}

export async function openEventStream(url: string, token: string): Promise<EventStream> {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal });
  if (!res.ok || !res.body) throw new Error(`event stream: ${res.status}`);
  const events: { event: string; data: unknown }[] = [];
  const waiting: { accept: (e: { event: string; data: unknown }) => boolean; resolve: (e: never) => void }[] = [];
  const parser = createParser({
    onEvent(m: EventSourceMessage) {
      const e = { event: m.event ?? 'message', data: JSON.parse(m.data) as unknown };
      events.push(e);
      for (const w of [...waiting])
        if (w.accept(e)) {
          waiting.splice(waiting.indexOf(w), 1);
          w.resolve(e as never);
        }
    },
  });
  void (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>)
        parser.feed(decoder.decode(chunk, { stream: true }));
    } catch {
      /* closed */
    }
  })();
  return {
    events,
    next(accept) {
      const seen = events.find(accept);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => waiting.push({ accept, resolve }));
    },
    close: () => abort.abort(),
  };
}

/** Whether an event names a job among the changed ones. */
export const names = (jobId: number) => (e: { event: string; data: unknown }) =>
  e.event === 'jobs' && ((e.data as { jobs?: number[] }).jobs ?? []).includes(jobId);
