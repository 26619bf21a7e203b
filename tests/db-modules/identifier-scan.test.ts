/**
 * Identifier-like queries (server/services/identifier-scan.ts) on every backend: the codes and external ids
 * fuse.js ranks for a code query are found even when they share no trigram with it, in fuse.js's order
 * (score, then id); jobs added after the first search are found; other queries add nothing.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fuse from 'fuse.js';
import { JOB_SEARCH } from '../../engine/index.ts';
import { insertJob } from '../../server/db/jobs.db.ts';
import { identifierCandidates, identifierLike } from '../../server/services/identifier-scan.ts';
import { BACKENDS, freshStore } from '../db/backends.ts';
import type { Store } from '../../server/db/database.ts';

const AT = '2024-05-01T00:00:00.000Z';
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Deterministic codes (a linear congruential walk) and some external ids. */
function codes(n: number): { code: string; external_id: string | null }[] {
  let x = 12345;
  const next = () => (x = (x * 1103515245 + 12345) % 2147483648);
  return Array.from({ length: n }, (_, i) => ({
    code: Array.from({ length: 6 }, () => ALPHABET[(next() >>> 16) % ALPHABET.length]).join(''),
    external_id: i % 3 === 0 ? `UDVE-2024-${String(100000 + ((next() >>> 8) % 900000))}` : null,
  }));
}

describe.each(BACKENDS)('identifier candidates on %s', (backend) => {
  let store: Store;
  let drop: () => Promise<void>;
  const rows = codes(400);
  beforeAll(async () => {
    ({ store, drop } = await freshStore(backend));
    for (const [i, r] of rows.entries()) {
      await insertJob(store.kysely, {
        ...r,
        first_name: 'A',
        last_name: `B${i}`,
        full_name: `A B${i}`,
        address: `${i} Main St`,
        program_id: 'p',
        created_at: AT,
        updated_at: AT,
        stage_entered_at: AT,
      });
    }
  });
  afterAll(async () => drop());

  /** fuse.js over the one column, as the whole search would score it: best score, then lowest id. */
  function fuseTop(query: string, n: number): number[] {
    const items = rows.map((r, i) => ({ id: i + 1, code: r.code, external_id: r.external_id }));
    return new Fuse(items, {
      keys: ['code', 'external_id'],
      threshold: JOB_SEARCH.threshold,
      ignoreLocation: true,
      includeScore: true,
      minMatchCharLength: JOB_SEARCH.minMatchCharLength,
    })
      .search(query)
      .sort((a, b) => a.score! - b.score! || a.item.id - b.item.id)
      .slice(0, n)
      .map((r) => r.item.id);
  }

  it('finds the codes fuse.js ranks, in its order, including ones sharing no trigram with the query', async () => {
    const withDigit = rows
      .map((r, i) => ({ r, i }))
      .filter(({ r }) => /\d/.test(r.code))
      .map(({ i }) => i);
    expect(withDigit.length).toBeGreaterThan(100);
    for (const i of [withDigit[3], withDigit[50], withDigit[150], withDigit[withDigit.length - 1]]) {
      const q = rows[i].code;
      const got = await identifierCandidates(store.kysely, store, JOB_SEARCH, q, 10);
      expect(got[0], q).toBe(i + 1);
      expect(new Set(got), q).toEqual(new Set(fuseTop(q, 10)));
    }
    const k = rows.findIndex((r, i) => i > 40 && /\d/.test(r.code));
    expect((await identifierCandidates(store.kysely, store, JOB_SEARCH, rows[k].code.toLowerCase(), 5))[0]).toBe(k + 1);
    // Too short to narrow (five characters allow two errors: no pair need be shared): left to the trigram index.
    expect(await identifierCandidates(store.kysely, store, JOB_SEARCH, rows[k].code.slice(1), 5)).toEqual([]);
  });

  it('finds external ids with a digit wrong; reads jobs added since its last search', async () => {
    const ext = rows[99].external_id!;
    const typo = ext.slice(0, -2) + (ext.endsWith('7') ? '1' : '7') + ext.slice(-1);
    expect(await identifierCandidates(store.kysely, store, JOB_SEARCH, typo, 20)).toContain(100);
    const id = await insertJob(store.kysely, {
      code: 'Q9Q9Q9',
      external_id: null,
      first_name: 'N',
      last_name: 'Ew',
      full_name: 'N Ew',
      address: '1 New St',
      program_id: 'p',
      created_at: AT,
      updated_at: AT,
      stage_entered_at: AT,
    });
    expect((await identifierCandidates(store.kysely, store, JOB_SEARCH, 'Q9Q9Q9', 3))[0]).toBe(id);
  });

  it('adds nothing for queries that are not identifier-like', async () => {
    for (const q of ['Main St', 'smith', 'ab', 'x'.repeat(40)]) {
      expect(identifierLike(q.toLowerCase()), q).toBe(false);
      expect(await identifierCandidates(store.kysely, store, JOB_SEARCH, q, 10)).toEqual([]);
    }
  });
});
