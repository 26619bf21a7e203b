/**
 * The async search module (server/db/search.db.ts) on every backend: SQLite's FTS5 trigram tables
 * and PostgreSQL's pg_trgm indexes find the same candidate keys (checked against the text itself),
 * within the same scopes and limits, whatever the input; and the service's ranking (fuse.js over the
 * candidates, tests/db-next/search-model.ts) gives the same top results on both.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACTOR_SEARCH, JOB_SEARCH } from '../../engine/index.ts';
import * as contractors from '../../server/db/contractors.db.ts';
import { insertJob } from '../../server/db/jobs.db.ts';
import * as search from '../../server/db/search.db.ts';
import * as searchPairs from '../../server/db/search-pairs.db.ts';
import * as searchRows from '../../server/db/search-rows.db.ts';
import type { Q } from '../../server/db/portable.ts';
import { insertUser } from '../../server/db/users.db.ts';
import { candidateIds, type SearchTuning } from '../../server/services/fuzzy-rank.ts';
import { BACKENDS, freshDatabase, type Fresh } from '../db/backends.ts';
import { generatedJobs, searchContractorIds, searchJobIds } from './search-model.ts';

const AT = '2024-05-01T00:00:00.000Z';
const { FIELD_START, FIELD_END, KEY_SPAN } = search;

/** The index decides the pool (no scope is read whole), with limits small enough to bite on ~200 jobs. */
const TUNING: SearchTuning = {
  whole_scope: 0,
  pool: 40,
  shortlist: 30,
  grams: 8,
  gram_limit: 25,
  exact_limit: 120,
  prefix_limit: 120,
  half_limit: 120,
};

const COMPANIES = [
  {
    name: 'Bright Solar LLC',
    primary_contact: 'Alice Nguyen',
    address: '12 Harbor Way',
    city: 'Springfield',
    phone: '(555) 201-3344',
    email: 'info@brightsolar.com',
  },
  {
    name: 'Evergreen Heating & Cooling',
    primary_contact: 'Bob Okafor',
    address: '400 Industrial Pkwy',
    city: 'Riverside',
    phone: '555.867.5309',
    email: 'service@evergreen-hc.net',
  },
  {
    name: 'Acme Insulation',
    primary_contact: 'Carla Mendes',
    address: null,
    city: 'Madison',
    phone: null,
    email: 'acme_ins@example.org',
  },
  {
    name: 'Northwind Electric',
    primary_contact: null,
    address: '9 Kite St',
    city: 'Salem',
    phone: '555-000-1111',
    email: null,
  },
  {
    name: 'Zenith HVAC',
    primary_contact: 'Dana Whitfield',
    address: '77 Sunset Ave',
    city: 'Dover',
    phone: '555 222 3333',
    email: 'hello@zenithhvac.io',
  },
  {
    name: 'Old Name Builders',
    primary_contact: 'Eve Castillo',
    address: '5 Quarry Ln',
    city: 'Ashland',
    phone: null,
    email: null,
  },
  {
    name: 'Defunct Roofing',
    primary_contact: 'Frank Ortiz',
    address: '1 Gone Rd',
    city: 'Clinton',
    phone: null,
    email: null,
  },
];

/** Jobs with known text (some of it hostile to LIKE and FTS5), then generated ones. */
const KNOWN = [
  {
    code: 'HC-0001',
    external_id: 'SALES-7781',
    full_name: 'Penelope Quagmire',
    address: '742 Evergreen Terrace',
    city: 'Shelbyville',
    company: 0,
    homeowner: 0,
  },
  {
    code: 'HC-0002',
    external_id: null,
    full_name: 'Bartholomew Fizzlewick',
    address: '1 Infinite Loop',
    city: 'Cupertino',
    company: 1,
    homeowner: 1,
  },
  {
    code: 'HC-0003',
    external_id: 'SALES-9902',
    full_name: 'Quentin Zabriskie',
    address: '31 Spooner St',
    city: 'Quahog',
    company: 5,
    homeowner: 0,
  },
  {
    code: 'HC-0004',
    external_id: 'X%_\\"*',
    full_name: `O'Brien "Q" 100%_\\ NEAR(x) OR *`,
    address: 'Unit a_b',
    city: null,
    company: null,
    homeowner: null,
  },
  {
    code: 'HC-0005',
    external_id: null,
    full_name: 'Axel Brandt',
    address: 'Unit axb',
    city: '',
    company: 4,
    homeowner: 1,
  },
];

interface Data {
  db: Q;
  companies: number[];
  homeowners: number[];
  known: number[];
  deleted: number;
}

/** The same rows, in the same order (so with the same ids), on any backend. */
async function seed(db: Q, generated: number): Promise<Data> {
  const companies: number[] = [];
  for (const c of COMPANIES)
    companies.push(await contractors.insertContractor(db, { ...c, program_id: null, created_at: AT }));
  const deleted = companies[6];
  await contractors.deleteContractor(db, deleted, AT);
  const homeowners = [
    await insertUser(db, { email: 'h1@example.org', name: 'H1', role: 'homeowner', created_at: AT }),
    await insertUser(db, { email: 'h2@example.org', name: 'H2', role: 'homeowner', created_at: AT }),
  ];
  const known: number[] = [];
  for (const k of KNOWN) {
    const [first_name, ...rest] = k.full_name.split(' ');
    known.push(
      await insertJob(db, {
        code: k.code,
        external_id: k.external_id,
        first_name,
        last_name: rest.join(' '),
        full_name: k.full_name,
        address: k.address,
        city: k.city,
        contractor_id: k.company === null ? null : companies[k.company],
        homeowner_user_id: k.homeowner === null ? null : homeowners[k.homeowner],
        program_id: 'p',
        created_at: AT,
        updated_at: AT,
        stage_entered_at: AT,
      }),
    );
  }
  for (const j of generatedJobs(generated, 7, companies.slice(0, 6), homeowners)) await insertJob(db, j);
  return { db, companies, homeowners, known, deleted };
}

/** Every indexed field as the index holds it: key, owner, wrapped and folded text (ASCII data: every backend folds it
 * alike). */
interface Field {
  key: number;
  owner: number;
  text: string;
  contractor_id: number | null;
  homeowner_user_id: number | null;
}

async function fieldsOf(db: Q, index: search.SearchIndex): Promise<Field[]> {
  const out: Field[] = [];
  const push = (
    owner: number,
    values: (string | null)[],
    contractor_id: number | null,
    homeowner_user_id: number | null,
  ) =>
    values.forEach((v, i) => {
      if (v)
        out.push({
          key: owner * KEY_SPAN + i,
          owner,
          text: FIELD_START + v.toLowerCase() + FIELD_END,
          contractor_id,
          homeowner_user_id,
        });
    });
  if (index === 'jobs') {
    const rows = await db
      .selectFrom('jobs as j')
      .leftJoin('contractors as c', 'c.id', 'j.contractor_id')
      .select([
        'j.id',
        'j.full_name',
        'j.address',
        'j.city',
        'c.name',
        'j.code',
        'j.external_id',
        'j.contractor_id',
        'j.homeowner_user_id',
      ])
      .execute();
    for (const r of rows)
      push(r.id, [r.full_name, r.address, r.city, r.name, r.code, r.external_id], r.contractor_id, r.homeowner_user_id);
  } else {
    const rows = await db
      .selectFrom('contractors')
      .select(['id', 'name', 'primary_contact', 'address', 'city', 'phone', 'email'])
      .execute();
    for (const r of rows) push(r.id, [r.name, r.primary_contact, r.address, r.city, r.phone, r.email], r.id, null);
  }
  return out.sort((a, b) => a.key - b.key);
}

const grams = (s: string) => {
  const c = Array.from(s.toLowerCase());
  return Array.from({ length: Math.max(0, c.length - 2) }, (_, i) => c.slice(i, i + 3).join(''));
};

/** What the index must answer, from the text itself: a term is its trigrams (none under three characters). */
function expected(
  fields: Field[],
  index: search.SearchIndex,
  terms: string[],
  scope: search.SearchScope,
  limit: number,
  any = false,
): number[] {
  const holds = (f: Field, term: string) =>
    Array.from(term).length >= 3 && grams(term).every((g) => f.text.includes(g));
  const inScope = (f: Field) =>
    index === 'contractors'
      ? scope.contractor_id === undefined || f.owner === scope.contractor_id
      : scope.contractor_id !== undefined
        ? f.contractor_id === scope.contractor_id
        : scope.homeowner_user_id === undefined || f.homeowner_user_id === scope.homeowner_user_id;
  if (!terms.length) return [];
  return fields
    .filter((f) => inScope(f) && (any ? terms.some((t) => holds(f, t)) : terms.every((t) => holds(f, t))))
    .map((f) => f.key)
    .slice(0, limit);
}

const HOSTILE = [
  `'`,
  `''`,
  `"`,
  `""`,
  `%`,
  `%%`,
  `_`,
  `__`,
  `\\`,
  `\\\\`,
  `%_\\`,
  `a_b`,
  `NEAR(`,
  `NEAR(a b)`,
  `"*"`,
  `*`,
  `OR`,
  ` OR `,
  `a OR b`,
  `x" OR "y`,
  `AND NOT`,
  `'; DROP TABLE jobs; --`,
  `col:val`,
  `{a b} : c`,
  `^abc`,
  `-abc`,
  `+abc`,
  `(abc)`,
  `near(x) or *`,
  `100%_\\ near`,
  'x'.repeat(100),
  `${'%_'.repeat(50)}`,
  `${'"'.repeat(100)}`,
];

describe.each(BACKENDS)('db/next search on %s', (backend) => {
  let fresh: Fresh;
  let d: Data;
  let db: Q;
  let jobFields: Field[];
  let companyFields: Field[];
  const check = async (
    index: search.SearchIndex,
    terms: string[],
    scope: search.SearchScope = {},
    limit = 10_000,
    any = false,
  ) => {
    const got = await search.matchingKeys(db, index, terms, scope, limit, any);
    expect(got, JSON.stringify({ index, terms, scope, limit, any })).toEqual(
      expected(index === 'jobs' ? jobFields : companyFields, index, terms, scope, limit, any),
    );
    return got;
  };

  beforeAll(async () => {
    fresh = await freshDatabase(backend);
    db = fresh.store.kysely;
    d = await seed(db, 200);
    jobFields = await fieldsOf(db, 'jobs');
    companyFields = await fieldsOf(db, 'contractors');
  });
  afterAll(() => fresh?.drop());

  it('constants: the keys and fields of migration 004', () => {
    expect(FIELD_START).toBe('\u0002');
    expect(FIELD_END).toBe('\u0003');
    expect(KEY_SPAN).toBe(8);
    expect(search.SEARCH_FIELDS.jobs).toEqual(['full_name', 'address', 'city', 'contractor', 'code', 'external_id']);
    expect(search.SEARCH_FIELDS.contractors).toEqual(['name', 'primary_contact', 'address', 'city', 'phone', 'email']);
  });

  it('exact names: the fields holding every trigram, whatever the case; field start and end anchor', async () => {
    const [j1, , j3] = d.known;
    expect(await check('jobs', grams('quagmire'))).toEqual([j1 * 8]);
    expect(await check('jobs', grams('QUAGMIRE'))).toEqual([j1 * 8]);
    expect(await check('jobs', grams('penelope quagmire'))).toEqual([j1 * 8]);
    // The whole field: starts and ends with the query.
    expect(await check('jobs', [FIELD_START + 'sh', 'le' + FIELD_END, 'lby'])).toEqual([j1 * 8 + 2]);
    expect(await check('jobs', [FIELD_START + 'qu', 'ie' + FIELD_END])).toEqual([j3 * 8]);
    expect(await check('jobs', [FIELD_START + 'ie'])).toEqual([]);
    // A field equal to one character is a trigram too.
    expect(await check('contractors', grams('zenith hvac'))).toEqual([d.companies[4] * 8]);
    await check('contractors', grams('alice nguyen'));
    await check('contractors', grams('@example.org'));
    await check('jobs', ['mai', 'n s']);
    await check('jobs', ['zzz']);
    expect(await search.matchingKeys(db, 'jobs', [], {}, 10)).toEqual([]);
  });

  it('whole and half queries: the fields containing the text (PostgreSQL exactly; SQLite those holding its trigrams), or equal to it', async () => {
    const [j1, , j3, j4] = d.known;
    const containing = (fields: Field[], text: string, equal: boolean) =>
      fields
        .filter((f) => (equal ? f.text === FIELD_START + text + FIELD_END : f.text.includes(text)))
        .map((f) => f.key);
    const cases: [search.SearchIndex, string][] = [
      ['jobs', 'quagmire'],
      ['jobs', 'penelope quagmire'],
      ['jobs', 'shelbyville'],
      ['jobs', 'hc-0003'],
      ['jobs', 'ain'],
      ['jobs', 'evergreen'],
      ['jobs', 'bright solar llc'],
      ['jobs', 'unit a_b'],
      ['jobs', '0%_'],
      ['jobs', `%_\\"*`],
      ['jobs', 'x%_\\"*'],
      ['jobs', 'a%b'],
      ['contractors', 'zenith hvac'],
      ['contractors', '555'],
    ];
    for (const [index, text] of cases) {
      const fields = index === 'jobs' ? jobFields : companyFields;
      for (const equal of [false, true]) {
        const got = await search.containingKeys(db, index, text, grams(text), {}, 10_000, equal);
        const want = containing(fields, text, equal);
        if (backend === 'postgres') expect(got, `${index} ${text} ${equal}`).toEqual(want);
        // SQLite: every field containing it, and only fields holding its trigrams (and its ends, when equal).
        else {
          expect(got, `${index} ${text} ${equal}`).toEqual(expect.arrayContaining(want));
          expect(got, `${index} ${text} ${equal}`).toEqual(
            expected(
              fields,
              index,
              equal ? [FIELD_START + text.slice(0, 2), text.slice(-2) + FIELD_END, ...grams(text)] : grams(text),
              {},
              10_000,
            ),
          );
        }
      }
    }
    expect(await search.containingKeys(db, 'jobs', 'quagmire', grams('quagmire'), {}, 10_000)).toEqual([j1 * 8]);
    expect(
      await search.containingKeys(db, 'jobs', 'quentin zabriskie', grams('quentin zabriskie'), {}, 10_000, true),
    ).toEqual([j3 * 8]);
    expect(await search.containingKeys(db, 'jobs', 'quentin', grams('quentin'), {}, 10_000, true)).toEqual([]);
    // Wildcards are literal: 'a%b' is no pattern, and '_' matches only an underscore.
    expect(await search.containingKeys(db, 'jobs', 'unit a_b', grams('unit a_b'), {}, 10_000, true)).toEqual([
      j4 * 8 + 1,
    ]);
    expect(await search.containingKeys(db, 'jobs', 'a%b', grams('a%b'), {}, 10_000)).toEqual([]);
    // Too short for a trigram, or no room: nothing.
    expect(await search.containingKeys(db, 'jobs', 'qu', [], {}, 10_000)).toEqual([]);
    expect(await search.containingKeys(db, 'jobs', 'quagmire', grams('quagmire'), {}, 0)).toEqual([]);
    // Limits and scopes, as the trigram lookups: the first keys in key order, the scope's rows only.
    const all = await search.containingKeys(db, 'jobs', 'ain', ['ain'], {}, 10_000);
    expect(all.length).toBeGreaterThan(10);
    expect(await search.containingKeys(db, 'jobs', 'ain', ['ain'], {}, 5)).toEqual(all.slice(0, 5));
    expect(
      await search.containingKeys(db, 'jobs', 'quagmire', grams('quagmire'), { contractor_id: d.companies[1] }, 10_000),
    ).toEqual([]);
    expect(
      await search.containingKeys(
        db,
        'jobs',
        'quagmire',
        grams('quagmire'),
        { homeowner_user_id: d.homeowners[0] },
        10_000,
      ),
    ).toEqual([j1 * 8]);
    for (const s of HOSTILE) {
      const text = s.toLowerCase();
      for (const equal of [false, true]) {
        const got = await search.containingKeys(db, 'jobs', text, grams(text), {}, 50, equal);
        if (backend === 'postgres' && Array.from(text).length >= 3)
          expect(got, s).toEqual(containing(jobFields, text, equal).slice(0, 50));
      }
    }
  });

  it('a whole query: the fields containing it and, among them, those equal to it, in one lookup on PostgreSQL', async () => {
    const [j1, , j3] = d.known;
    for (const [index, text] of [
      ['jobs', 'quentin zabriskie'],
      ['jobs', 'shelbyville'],
      ['jobs', 'ain'],
      ['jobs', 'unit a_b'],
      ['jobs', 'a%b'],
      ['contractors', 'zenith hvac'],
      ['contractors', 'madison'],
      ['jobs', 'qu'],
    ] as const) {
      for (const limit of [10_000, 3]) {
        const got = await search.wholeQueryKeys(db, index, text, grams(text), {}, limit);
        expect(got.containing, `${text} ${limit}`).toEqual(
          await search.containingKeys(db, index, text, grams(text), {}, limit),
        );
        const equal = await search.containingKeys(db, index, text, grams(text), {}, limit, true);
        // PostgreSQL: the equal ones among the containing ones found; SQLite: its own lookup.
        expect(got.equal, `${text} ${limit}`).toEqual(
          backend === 'postgres' ? got.containing.filter((k) => equal.includes(k)) : equal,
        );
        expect(got.equal.every((k) => got.containing.includes(k))).toBe(true);
      }
    }
    expect(await search.wholeQueryKeys(db, 'jobs', 'Quentin Zabriskie', grams('quentin zabriskie'), {}, 100)).toEqual({
      containing: [j3 * 8],
      equal: [j3 * 8],
    });
    expect(await search.wholeQueryKeys(db, 'jobs', 'quagmire', grams('quagmire'), {}, 100)).toEqual({
      containing: [j1 * 8],
      equal: [],
    });
    expect(await search.wholeQueryKeys(db, 'jobs', 'shelbyville', grams('shelbyville'), {}, 100)).toEqual({
      containing: [j1 * 8 + 2],
      equal: [j1 * 8 + 2],
    });
    expect(
      await search.wholeQueryKeys(db, 'jobs', 'quagmire', grams('quagmire'), { contractor_id: d.companies[1] }, 100),
    ).toEqual({ containing: [], equal: [] });
  });

  it('typos: one letter wrong still shares trigrams (any of them), and the service ranks the row first', async () => {
    const [j1, j2] = d.known;
    expect(await check('jobs', grams('quagmyre'), {}, 10_000, true)).toContain(j1 * 8);
    expect(await check('jobs', grams('quagmyre'))).toEqual([]);
    await check('jobs', grams('fizzlewik'), {}, 10_000, true);
    expect((await searchJobIds(db, JOB_SEARCH, {}, 'Penelope Quagmyre', 5, TUNING))[0]).toBe(j1);
    expect((await searchJobIds(db, JOB_SEARCH, {}, 'Bartholomew Fizzlewik', 5, TUNING))[0]).toBe(j2);
    expect((await searchContractorIds(db, CONTRACTOR_SEARCH, {}, 'Evergren Heating', 5, TUNING))[0]).toBe(
      d.companies[1],
    );
  });

  it('two-letter prefixes: trigrams starting with them, in order, within the limit; together they find every field holding the two letters', async () => {
    for (const [index, prefix] of [
      ['jobs', 'qu'],
      ['jobs', 'le'],
      ['jobs', 'hc'],
      ['jobs', '-0'],
      ['contractors', 'ev'],
      ['contractors', '@e'],
      ['jobs', 'zq'],
    ] as const) {
      const terms = await searchPairs.termsStartingWith(db, index, prefix);
      expect(terms.every((t) => t.startsWith(prefix) && Array.from(t).length === 3)).toBe(true);
      expect([...terms].sort()).toEqual(terms);
      // Any of them: exactly the fields holding the prefix (a field end follows the last character).
      const fields = index === 'jobs' ? jobFields : companyFields;
      const got = await search.matchingKeys(db, index, terms, {}, 10_000, true);
      expect(got, prefix).toEqual(fields.filter((f) => f.text.includes(prefix)).map((f) => f.key));
      expect((await searchPairs.termsStartingWith(db, index, prefix, 3)).length).toBeLessThanOrEqual(3);
    }
    expect(await searchPairs.termsStartingWith(db, 'jobs', 'qu')).toContain('qua');
    expect(await searchPairs.termsStartingWith(db, 'jobs', 'le')).toContain('le' + FIELD_END);
    expect(await searchPairs.termsStartingWith(db, 'jobs', FIELD_START + 'q')).toContain(FIELD_START + 'qu');
    expect(await searchPairs.termsStartingWith(db, 'jobs', 'qu', 0)).toEqual([]);
    // The service's two-letter query.
    expect(await searchJobIds(db, JOB_SEARCH, {}, 'qu', 5, TUNING)).toContain(d.known[0]);
    // Its candidates come from at most prefix_limit fields (the first in table order), whatever the other limits.
    const holding = jobFields.filter((f) => f.text.includes('le'));
    expect(holding.length).toBeGreaterThan(4);
    const few = await candidateIds(db, 'jobs', JOB_SEARCH, {}, 'le', {
      ...TUNING,
      pool: 1000,
      exact_limit: 10_000,
      prefix_limit: 4,
    });
    expect(few.sort((a, b) => a - b)).toEqual(
      [...new Set(holding.slice(0, 4).map((f) => Math.floor(f.key / KEY_SPAN)))].sort((a, b) => a - b),
    );
    const all = await candidateIds(db, 'jobs', JOB_SEARCH, {}, 'le', {
      ...TUNING,
      pool: 1000,
      exact_limit: 4,
      prefix_limit: 10_000,
    });
    expect(all.length).toBe(new Set(holding.map((f) => Math.floor(f.key / KEY_SPAN))).size);
  });

  it('codes and external ids', async () => {
    const [j1, , j3] = d.known;
    expect(await check('jobs', grams('hc-0003'))).toEqual([j3 * 8 + 4]);
    expect(await check('jobs', grams('SALES-7781'))).toEqual([j1 * 8 + 5]);
    expect((await check('jobs', grams('g-0012'))).every((k) => k % 8 === 4)).toBe(true);
    await check('jobs', grams('ext-1'), {}, 10_000);
    expect((await searchJobIds(db, JOB_SEARCH, {}, 'HC-0003', 5, TUNING))[0]).toBe(j3);
    expect((await searchJobIds(db, JOB_SEARCH, {}, 'SALES-7781', 5, TUNING))[0]).toBe(j1);
    expect((await searchJobIds(db, JOB_SEARCH, {}, 'HC-0002', 5, TUNING))[0]).toBe(d.known[1]);
  });

  it("scopes: a company's jobs, a homeowner's jobs, one contractor", async () => {
    const [c0, c1, , , c4] = d.companies;
    for (const scope of [
      { contractor_id: c0 },
      { contractor_id: c4 },
      { homeowner_user_id: d.homeowners[0] },
      { homeowner_user_id: d.homeowners[1] },
      { contractor_id: 99_999 },
    ]) {
      await check('jobs', ['mai'], scope);
      await check('jobs', ['ain', 'st' + FIELD_END], scope);
      await check('jobs', grams('garcia'), scope, 10_000, true);
      await check('jobs', ['qu' + 'a'], scope);
    }
    expect(await check('jobs', grams('quagmire'), { contractor_id: c1 })).toEqual([]);
    expect(await check('jobs', grams('quagmire'), { homeowner_user_id: d.homeowners[0] })).toEqual([d.known[0] * 8]);
    expect(await check('jobs', grams('quagmire'), { homeowner_user_id: d.homeowners[1] })).toEqual([]);
    expect(await check('contractors', ['555'], { contractor_id: c1 })).toEqual([c1 * 8 + 4]);
    expect(await check('contractors', ['555'], { contractor_id: c0 })).toEqual([c0 * 8 + 4]);
    // A contractor's own jobs only, in the service too.
    const mine = await searchJobIds(db, JOB_SEARCH, { contractor_id: c4 }, 'Garcia', 10, TUNING);
    const ofC4 = new Set(jobFields.filter((f) => f.contractor_id === c4).map((f) => f.owner));
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((id) => ofC4.has(id))).toBe(true);
  });

  it('limits: the first keys in key order; whole scopes only when small enough', async () => {
    const all = await check('jobs', ['ain']);
    expect(all.length).toBeGreaterThan(10);
    expect(await check('jobs', ['ain'], {}, 5)).toEqual(all.slice(0, 5));
    expect(await check('contractors', ['555'], {}, 2)).toHaveLength(2);
    expect(await check('jobs', grams('ext-'), {}, 7, true)).toHaveLength(7);
    expect(await search.matchingKeys(db, 'jobs', ['ain'], {}, 0)).toEqual([]);

    const jobIds = [...new Set(jobFields.map((f) => f.owner))].sort((a, b) => a - b);
    expect(await searchRows.idsInScope(db, 'jobs', {}, 10)).toBeNull();
    expect(await searchRows.idsInScope(db, 'jobs', {}, jobIds.length)).toEqual(jobIds);
    expect(await searchRows.idsInScope(db, 'jobs', {}, jobIds.length - 1)).toBeNull();
    const c4 = d.companies[4];
    expect(await searchRows.idsInScope(db, 'jobs', { contractor_id: c4 }, 1000)).toEqual(
      jobIds.filter((id) => jobFields.some((f) => f.owner === id && f.contractor_id === c4)),
    );
    const h1 = d.homeowners[0];
    expect(await searchRows.idsInScope(db, 'jobs', { homeowner_user_id: h1 }, 1000)).toEqual(
      jobIds.filter((id) => jobFields.some((f) => f.owner === id && f.homeowner_user_id === h1)),
    );
    // Contractors: not the deleted one.
    expect(await searchRows.idsInScope(db, 'contractors', {}, 100)).toEqual(d.companies.filter((c) => c !== d.deleted));
    expect(await searchRows.idsInScope(db, 'contractors', {}, 5)).toBeNull();
    expect(await searchRows.idsInScope(db, 'contractors', { contractor_id: d.companies[2] }, 1)).toEqual([
      d.companies[2],
    ]);
    expect(await searchRows.idsInScope(db, 'contractors', { contractor_id: d.deleted }, 1)).toEqual([]);
  });

  it('rows: the searchable text and the result rows of jobs, live contractors, any ids', async () => {
    const [j1, , , j4] = d.known;
    const byId = <T extends { id: number }>(rows: T[]) => [...rows].sort((a, b) => a.id - b.id);
    expect(await searchRows.jobSearchTexts(db, [])).toEqual([]);
    expect(byId(await searchRows.jobSearchTexts(db, [j4, j1, 999_999]))).toEqual([
      {
        id: j1,
        full_name: 'Penelope Quagmire',
        address: '742 Evergreen Terrace',
        city: 'Shelbyville',
        contractor: 'Bright Solar LLC',
        code: 'HC-0001',
        external_id: 'SALES-7781',
      },
      {
        id: j4,
        full_name: KNOWN[3].full_name,
        address: 'Unit a_b',
        city: null,
        contractor: null,
        code: 'HC-0004',
        external_id: 'X%_\\"*',
      },
    ]);
    expect(await searchRows.jobSearchRows(db, [j1])).toEqual([
      {
        id: j1,
        full_name: 'Penelope Quagmire',
        address: '742 Evergreen Terrace',
        city: 'Shelbyville',
        contractor: 'Bright Solar LLC',
        code: 'HC-0001',
        external_id: 'SALES-7781',
        is_canceled: 0,
        stage: 1,
        program_id: 'p',
        eligibility: 'pending_more_information',
      },
    ]);
    const many = [...new Set(jobFields.map((f) => f.owner))];
    expect((await searchRows.jobSearchTexts(db, many)).length).toBe(many.length);
    expect(await searchRows.contractorSearchRows(db, [])).toEqual([]);
    expect(await searchRows.contractorSearchRows(db, [d.companies[2], d.deleted, 999_999])).toEqual([
      { id: d.companies[2], ...COMPANIES[2] },
    ]);
  });

  it('hostile input: quotes, wildcards, backslashes, FTS5 syntax, long strings answer without error, and literally', async () => {
    const [, , , j4, j5] = d.known;
    expect(await check('jobs', grams('0%_'))).toEqual([j4 * 8]);
    expect(await check('jobs', grams('a_b'))).toEqual([j4 * 8 + 1]);
    expect(await check('jobs', grams('axb'))).toEqual([j5 * 8 + 1]);
    expect(await check('jobs', grams(`"q"`))).toEqual([j4 * 8]);
    expect(await check('jobs', grams(`%_\\"*`))).toEqual([j4 * 8 + 5]);
    for (const s of HOSTILE) {
      for (const index of ['jobs', 'contractors'] as const) {
        await check(index, grams(s), {}, 50);
        await check(index, grams(s), { contractor_id: d.companies[0] }, 50, true);
        // The raw string as one term: its trigrams (FTS5 with detail=none has no phrases), none if too short.
        await check(index, [s], {}, 50);
        await check(index, [s, 'ain'], {}, 50, true);
        await check(index, [FIELD_START + s.slice(0, 2), s.slice(-2) + FIELD_END], {}, 50, true);
        const prefix = s.slice(0, 2).toLowerCase();
        const terms = await searchPairs.termsStartingWith(db, index, prefix);
        expect(terms.every((t) => t.startsWith(prefix))).toBe(true);
        if (Array.from(prefix).length === 2) {
          const fields = index === 'jobs' ? jobFields : companyFields;
          expect(await search.matchingKeys(db, index, terms, {}, 10_000, true), prefix).toEqual(
            fields.filter((f) => f.text.includes(prefix)).map((f) => f.key),
          );
        }
        await searchPairs.termsStartingWith(db, index, s);
      }
      await searchJobIds(db, JOB_SEARCH, { homeowner_user_id: d.homeowners[0] }, s, 5, TUNING);
      await searchContractorIds(db, CONTRACTOR_SEARCH, {}, s, 5, TUNING);
    }
    expect((await searchJobIds(db, JOB_SEARCH, {}, `O'Brien "Q" 100%`, 5, TUNING))[0]).toBe(j4);
  });

  // Last: it changes the data.
  it('a renamed contractor is found by its new name in its jobs, not by the old one', async () => {
    const c5 = d.companies[5];
    const jobsOfC5 = jobFields.filter((f) => f.contractor_id === c5 && f.key % 8 === 0).map((f) => f.owner);
    expect(await search.matchingKeys(db, 'jobs', grams('quasar reno'), {}, 10_000)).toEqual([]);
    const before = await search.matchingKeys(db, 'jobs', grams('old name builders'), {}, 10_000);
    expect(before).toEqual(jobsOfC5.map((id) => id * 8 + 3));
    await contractors.updateContractor(db, c5, { name: 'Quasar Renovations' });
    expect(await search.matchingKeys(db, 'jobs', grams('quasar reno'), {}, 10_000)).toEqual(
      jobsOfC5.map((id) => id * 8 + 3),
    );
    expect(await search.matchingKeys(db, 'jobs', grams('old name builders'), {}, 10_000)).toEqual([]);
    expect(await search.matchingKeys(db, 'contractors', grams('quasar'), {}, 10_000)).toEqual([c5 * 8]);
    expect((await searchRows.jobSearchTexts(db, jobsOfC5.slice(0, 1)))[0].contractor).toBe('Quasar Renovations');
    const top = await searchJobIds(db, JOB_SEARCH, {}, 'Quasar Renovations', 5, TUNING);
    expect(top.length).toBe(5);
    expect(top.every((id) => jobsOfC5.includes(id))).toBe(true);
  });

  // Last too: it changes the data.
  it('a text longer than what the index narrows by is still checked whole: contained, equal, or neither', async () => {
    const c2 = d.companies[2];
    const long = 'Acme Insulation and Weatherization Services of Madison';
    await contractors.updateContractor(db, c2, { name: long });
    const keys = (await fieldsOf(db, 'jobs'))
      .filter((f) => f.contractor_id === c2 && f.key % 8 === 3)
      .map((f) => f.key);
    expect(keys.length).toBeGreaterThan(0);
    const look = (text: string, equal = false) =>
      search.containingKeys(db, 'jobs', text.toLowerCase(), grams(text), {}, 10_000, equal);
    expect(await look(long)).toEqual(keys);
    expect(await look(long, true)).toEqual(keys);
    expect(await search.wholeQueryKeys(db, 'jobs', long, grams(long), {}, 10_000)).toEqual({
      containing: keys,
      equal: keys,
    });
    // The same first 32 characters, another end: nothing.
    const other = 'Acme Insulation and Weatherization Services of Boston';
    expect(await look(other)).toEqual([]);
    expect(await search.wholeQueryKeys(db, 'jobs', other, grams(other), {}, 10_000)).toEqual({
      containing: [],
      equal: [],
    });
    // A long part of the field: contained, not equal.
    const part = 'insulation and weatherization services';
    expect(await look(part)).toEqual(keys);
    expect(await search.wholeQueryKeys(db, 'jobs', part, grams(part), {}, 10_000)).toEqual({
      containing: keys,
      equal: [],
    });
    // Wildcards past the first 32 characters are literal too.
    expect(await look('Acme Insulation and Weatherization Services of M_dison')).toEqual([]);
    expect(await look('Acme Insulation and Weatherization Services of %')).toEqual([]);
  });
});

describe('db/next search: the service ranks the same on every backend', () => {
  const QUERIES = [
    'Penelope Quagmire',
    'penelope quagmyre',
    'Garcia',
    'Jonson',
    'qu',
    'Sm',
    'HC-0003',
    'EXT-1',
    'Maple Drive',
    'Bright Solar',
  ];
  const opened: Fresh[] = [];
  const tops: Record<string, { jobs: number[][]; companies: number[][] }> = {};

  beforeAll(async () => {
    for (const backend of BACKENDS) {
      const fresh = await freshDatabase(backend);
      opened.push(fresh);
      const d = await seed(fresh.store.kysely, 200);
      const top = { jobs: [] as number[][], companies: [] as number[][] };
      for (const q of QUERIES) {
        top.jobs.push(await searchJobIds(d.db, JOB_SEARCH, {}, q, 5, TUNING));
        top.companies.push(await searchContractorIds(d.db, CONTRACTOR_SEARCH, {}, q, 5, TUNING));
      }
      tops[backend] = top;
    }
  });
  afterAll(async () => {
    for (const f of opened) await f.drop();
  });

  it('the same top 5 jobs and contractors for each query', () => {
    const [first, ...rest] = BACKENDS;
    for (const b of rest) {
      expect(tops[b].jobs, b).toEqual(tops[first].jobs);
      expect(tops[b].companies, b).toEqual(tops[first].companies);
    }
    // Not vacuous: the queries find what they name.
    const jobs = tops[first].jobs;
    expect(jobs[0][0]).toBe(1);
    expect(jobs[1][0]).toBe(1);
    expect(jobs[6][0]).toBe(3);
    expect(jobs.map((t, i) => (t.length > 0 ? '' : QUERIES[i])).filter(Boolean)).toEqual([]);
    expect(tops[first].companies[9][0]).toBe(1);
  });
});
