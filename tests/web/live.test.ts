/**
 * The browser's side of the change feed (web/lib/live.ts): the stream's `jobs` events give their ids, a `resync` and
 * a `ready` after a dropped stream ask for everything again, a 401 stops following; refreshJobs reads again the
 * changed jobs' queries and the lists, not another job's.
 */

import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { followChanges, refreshJobs } from '../../web/lib/live.ts';

const streamOf = (text: string) =>
  new Response(
    new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode(text));
        c.close();
      },
    }),
    { status: 200, headers: { 'content-type': 'text/event-stream' } },
  );

afterEach(() => vi.unstubAllGlobals());

describe('followChanges', () => {
  it('gives the ids of jobs events; asks for everything after a reconnect and on resync; stops at a 401', async () => {
    const answers = [
      streamOf('retry: 1\n\nevent: ready\ndata: {}\n\nevent: jobs\ndata: {"jobs":[3,4]}\n\n'),
      streamOf('event: ready\ndata: {}\n\nevent: resync\ndata: {}\n\n'),
      new Response('{}', { status: 401 }),
    ];
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
      expect((init.headers as Record<string, string>).Authorization).toBe('Bearer t0ken');
      return answers.shift()!;
    });
    vi.stubGlobal('fetch', fetchMock);
    const jobs: number[][] = [];
    let resyncs = 0;
    await followChanges(
      't0ken',
      new AbortController().signal,
      (ids) => jobs.push(ids),
      () => (resyncs += 1),
    );
    expect(jobs).toEqual([[3, 4]]);
    // The second stream's ready (a reconnect: changes may have been missed) and its resync.
    expect(resyncs).toBe(2);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});

describe('refreshJobs', () => {
  it('reads again the changed jobs’ queries and the lists; everything on null', async () => {
    const qc = new QueryClient();
    for (const key of [['job', 1], ['job', 1, 'usage'], ['job', 2], ['jobs', false, {}], ['budgets'], ['preferences']])
      qc.setQueryData(key, 'x');
    refreshJobs(qc, [1]);
    const stale = (key: unknown[]) => qc.getQueryState(key)?.isInvalidated;
    expect([['job', 1], ['job', 1, 'usage'], ['jobs', false, {}], ['budgets']].map(stale)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(stale(['job', 2])).toBe(false);
    expect(stale(['preferences'])).toBe(false);
    refreshJobs(qc, null);
    expect(stale(['job', 2])).toBe(true);
    expect(stale(['preferences'])).toBe(true);
  });
});
