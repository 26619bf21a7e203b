/**
 * A company's search (issue 47; SQLite's migration 046): each job's search rows end with its company's trigram, and a
 * contractor's lookups AND it with the query's, so FTS5 steps through that company's rows alone. The keys are exactly
 * those of every company's lookup kept to the company's jobs, on both backends; a text holding another company's
 * trigram does not bring its job into that company's search.
 */

import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { DB } from '../../server/db/schema.ts';
import { KEY_SPAN, companyTrigram, containingKeys, matchingKeys, wholeQueryKeys } from '../../server/db/search.db.ts';
import { AT, backends, jobRow, storesOfFile } from './backends.ts';

const { fresh } = storesOfFile();
const sorted = (keys: number[]) => [...keys].sort((a, b) => a - b);

async function company(db: Kysely<DB>, name: string, id?: number): Promise<number> {
  const row = await db
    .insertInto('contractors')
    .values({ ...(id === undefined ? {} : { id }), name, created_at: AT })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function job(db: Kysely<DB>, code: string, fullName: string, address: string, contractorId: number | null) {
  const row = await db
    .insertInto('jobs')
    .values(jobRow(code, '', { full_name: fullName, address, city: 'Madison', contractor_id: contractorId }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('the company trigram', () => {
  it('spells ids below 4096 * 4096 in two private-use characters after char(4), and none past them', () => {
    expect(Array.from(companyTrigram(1)!).map((c) => c.codePointAt(0))).toEqual([4, 0xe000, 0xe001]);
    expect(Array.from(companyTrigram(4096 * 5 + 7)!).map((c) => c.codePointAt(0))).toEqual([4, 0xe005, 0xe007]);
    expect(companyTrigram(4096 * 4096 - 1)).toBeDefined();
    expect(companyTrigram(4096 * 4096)).toBeUndefined();
    expect(companyTrigram(-1)).toBeUndefined();
    expect(companyTrigram(1.5)).toBeUndefined();
  });

  it("ends each of a job's search rows on SQLite, in step with its company and the company's name", async () => {
    const store = await fresh('sqlite');
    const db = store.kysely;
    const a = await company(db, 'Acme Heat');
    const b = await company(db, 'Bright Air');
    const id = await job(db, 'AB12', 'Ann Lee', '1 Main St', a);
    const none = await job(db, 'CD34', 'Bo Chen', '2 Oak Ave', null);
    const texts = (jobId: number) =>
      (
        store
          .sqlite!.prepare('SELECT text FROM jobs_search WHERE rowid BETWEEN ? AND ? ORDER BY rowid')
          .all(jobId * KEY_SPAN, jobId * KEY_SPAN + 7) as { text: string }[]
      ).map((r) => r.text);
    expect(texts(id)).toEqual(
      ['Ann Lee', '1 Main St', 'Madison', 'Acme Heat', 'AB12'].map((v) => `\u0002${v}\u0003${companyTrigram(a)}`),
    );
    expect(texts(none)).toEqual(['Bo Chen', '2 Oak Ave', 'Madison', 'CD34'].map((v) => `\u0002${v}\u0003`));
    await db.updateTable('jobs').set({ contractor_id: b }).where('id', '=', id).execute();
    await db.updateTable('contractors').set({ name: 'Bright Air Co' }).where('id', '=', b).execute();
    expect(texts(id)).toEqual(
      ['Ann Lee', '1 Main St', 'Madison', 'Bright Air Co', 'AB12'].map((v) => `\u0002${v}\u0003${companyTrigram(b)}`),
    );
  });
});

describe.each(backends())("a company's search lookups on %s", (backend) => {
  it("find exactly the company's jobs among every company's matches, whatever a text holds", async () => {
    const db = (await fresh(backend)).kysely;
    const a = await company(db, 'Acme Heat');
    const b = await company(db, 'Bright Air');
    // A company past the trigram's ids: its lookups take the scope's own check alone.
    const big = await company(db, 'Oak Comfort', 4096 * 4096 + 3);
    const owner = new Map<number, number | null>();
    const streets = ['Oak St', 'Oak Ave', 'Elm St', 'Maple Rd', 'Pine Ln'];
    for (let i = 0; i < 60; i++) {
      const c = [a, b, big, null][i % 4];
      const id = await job(db, `J${i}`, `Ann Lee${i % 7}`, `${i} ${streets[i % 5]}`, c);
      owner.set(id, c);
    }
    // Another company's job whose name holds company a's trigram: a text may hold any character.
    const forged = await job(db, 'FORGE', `Ann ${companyTrigram(a)}Lee`, '9 Oak St', b);
    owner.set(forged, b);

    const only = (keys: number[], c: number) => sorted(keys.filter((k) => owner.get(Math.floor(k / KEY_SPAN)) === c));
    for (const c of [a, b, big]) {
      const scope = { contractor_id: c };
      const lookups: [string, (s: { contractor_id?: number }) => Promise<number[]>][] = [
        ['one trigram', (s) => matchingKeys(db, 'jobs', ['oak'], s, 10_000)],
        ['every trigram of a word', (s) => matchingKeys(db, 'jobs', ['ann', 'lee'], s, 10_000)],
        ['any of them', (s) => matchingKeys(db, 'jobs', ['elm', 'map'], s, 10_000, true)],
        ['a text', (s) => containingKeys(db, 'jobs', 'oak st', ['oak', 'k s', ' st'], s, 10_000)],
        ['an equal field', (s) => containingKeys(db, 'jobs', 'madison', ['mad', 'dis', 'son'], s, 10_000, true)],
      ];
      for (const [name, lookup] of lookups) {
        const everyone = await lookup({});
        const mine = sorted(await lookup(scope));
        expect(mine, `${name}, company ${c}`).toEqual(only(everyone, c));
        expect(mine.length, `${name}, company ${c}`).toBeGreaterThan(0);
      }
      const whole = await wholeQueryKeys(db, 'jobs', 'ann lee3', ['ann', 'lee', 'ee3'], scope, 10_000);
      const all = await wholeQueryKeys(db, 'jobs', 'ann lee3', ['ann', 'lee', 'ee3'], {}, 10_000);
      expect(sorted(whole.containing)).toEqual(only(all.containing, c));
      expect(sorted(whole.equal)).toEqual(only(all.equal, c));
    }
    // The forged name matches a lookup of its words, but only in its own company's search.
    const ann = await matchingKeys(db, 'jobs', ['ann'], {}, 10_000);
    expect(ann).toContain(forged * KEY_SPAN);
    expect(await matchingKeys(db, 'jobs', ['ann'], { contractor_id: a }, 10_000)).not.toContain(forged * KEY_SPAN);
    expect(await matchingKeys(db, 'jobs', ['ann'], { contractor_id: b }, 10_000)).toContain(forged * KEY_SPAN);
    // A limit keeps the company's first keys in table order.
    const first = await matchingKeys(db, 'jobs', ['oak'], { contractor_id: a }, 3);
    expect(first).toEqual(only(await matchingKeys(db, 'jobs', ['oak'], {}, 10_000), a).slice(0, 3));
  });
});
