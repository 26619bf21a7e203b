/**
 * A seeded generator of a bench database: `size` jobs (realistic names, addresses and cities, ~200
 * contractors, every program of the definitions, stages of each program's model, eligibility values,
 * ~5% canceled, created over two years), built with the real migrations (so the search triggers
 * and indexes are the production ones) in one transaction with prepared statements. The file is
 * cached under data/bench/, keyed by seed, size and a hash of this file and the migrations.
 */

import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { ELIGIBILITY_STATUSES, type Program } from '../engine/index.ts';
import { openSqlite } from '../server/db/database.ts';
import { hashPassword } from '../server/services/auth.service.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..');
const MIGRATIONS = join(ROOT, 'server', 'db', 'migrations', 'sqlite');

/** The ops user of the bench database (its password does not matter: the bench mints a token). */
export const BENCH_OPS_EMAIL = 'bench-ops@example.test';
/** The instant the generated history ends. */
export const BENCH_NOW = new Date('2026-06-01T12:00:00.000Z');

/** A small seeded PRNG (mulberry32): every run builds the same data. */
export function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

const FIRST =
  `James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard Susan Joseph Jessica Thomas Sarah
Christopher Karen Charles Lisa Daniel Nancy Matthew Betty Anthony Sandra Mark Margaret Donald Ashley Steven Kimberly Andrew Emily Paul Donna
Joshua Michelle Kenneth Carol Kevin Amanda Brian Melissa George Deborah Timothy Stephanie Ronald Rebecca Jason Sharon Edward Laura Jeffrey
Cynthia Ryan Dorothy Jacob Amy Gary Kathleen Nicholas Angela Eric Shirley Jonathan Brenda Stephen Emma Larry Anna Justin Pamela Scott Nicole
Brandon Samantha Benjamin Katherine Samuel Christine Gregory Helen Alexander Debra Patrick Rachel Frank Carolyn Raymond Janet Jack Maria
Dennis Catherine Jerry Heather Tyler Diane Aaron Olivia Jose Julie Adam Joyce Nathan Victoria Henry Ruth Zachary Virginia Douglas Lauren Peter
Kelly Kyle Christina Noah Joan Ethan Evelyn Jeremy Judith Walter Andrea Christian Hannah Keith Megan Roger Cheryl Terry Jacqueline Austin
Martha Sean Madison Gerald Teresa Carl Gloria Harold Sara Dylan Janice Arthur Ann Lawrence Kathryn Jordan Abigail Jesse Sophia Bryan Frances
Billy Jean Bruce Alice Gabriel Judy Joe Isabella Logan Julia Alan Grace Juan Amber Albert Denise Willie Danielle Elijah Marilyn Wayne Beverly
Randy Charlotte Vincent Natalie Mason Theresa Roy Diana Ralph Brittany Bobby Doris Russell Kayla Bradley Alexis Philip Lori Eugene Marie
Mei Wei Hiroshi Yuki Priya Arjun Lakshmi Ravi Mohammed Fatima Ahmed Aisha Carlos Lucia Miguel Sofia Luis Camila Diego Valentina Pedro Ana`.split(
    /\s+/,
  );

const LAST =
  `Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson Anderson Thomas Taylor Moore
Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill
Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz Parker Cruz Edwards Collins
Reyes Stewart Morris Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson
Watson Brooks Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers Long Ross Foster Jimenez Powell
Jenkins Perry Russell Sullivan Bell Coleman Butler Henderson Barnes Gonzales Fisher Vasquez Simmons Romero Jordan Patterson Alexander Hamilton
Graham Reynolds Griffin Wallace Moreno West Cole Hayes Bryant Herrera Gibson Ellis Tran Medina Aguilar Stevens Murray Ford Castro Marshall Owens
Harrison Fernandez McDonald Woods Washington Kennedy Wells Vargas Henry Chen Freeman Webb Tucker Guzman Burns Crawford Olson Simpson Porter
Hunter Gordon Mendez Silva Shaw Snyder Mason Dixon Munoz Hunt Hicks Holmes Palmer Wagner Black Robertson Boyd Rose Stone Salazar Fox Warren
Mills Meyer Rice Schmidt Garza Daniels Ferguson Nichols Stephens Soto Weaver Ryan Gardner Payne Grant Dunn Kowalski Nowak Schultz Larsen
Johansson Lindqvist Okafor Adeyemi Tanaka Yamamoto Nakamura Wong Huang Zhang Singh Sharma Gupta Kumar OBrien Fitzgerald Schneider Becker`.split(
    /\s+/,
  );

const STREETS =
  `Oak Maple Pine Cedar Elm Washington Lake Hill Park Main Walnut Sunset Lincoln Jackson Church Spring Ridge Highland Meadow Forest
Willow Cherry Chestnut Madison Franklin Jefferson Adams Monroe River Valley Mill Center Prospect Orchard Laurel Magnolia Dogwood Birch Aspen
Sycamore Hickory Juniper Poplar Redwood Sequoia Cypress Mission Vista Canyon Mesa Harbor Bay Ocean Pacific Shoreline Summit Crest Glen Brook
Creek Fairview Greenwood Lakeview Riverside Woodland Country Industrial College University Academy Heritage Liberty Union Victory Pioneer`.split(
    /\s+/,
  );
const STREET_TYPES = [
  'St',
  'Ave',
  'Rd',
  'Dr',
  'Ln',
  'Ct',
  'Blvd',
  'Way',
  'Pl',
  'Cir',
  'Ter',
  'Street',
  'Avenue',
  'Road',
  'Drive',
];

const CITIES: Record<string, string[]> = {
  CA: `San Luis Obispo,Santa Barbara,Ventura,Oxnard,Santa Maria,Paso Robles,Salinas,Monterey,Santa Cruz,Watsonville,San Mateo,Redwood City,Daly City,
Half Moon Bay,Menlo Park,Fresno,Bakersfield,Visalia,Tulare,Hanford,Madera,Merced,Modesto,Stockton,Sacramento,Oakland,Berkeley,San Jose,Los Angeles,
Pasadena,Long Beach,Riverside,San Bernardino,San Diego,Chula Vista,Irvine,Anaheim,Santa Rosa,Petaluma,Napa,Eureka,Redding,Chico`.split(
    /,\s*/,
  ),
  WI: 'Madison,Milwaukee,Green Bay,Kenosha,Racine,Appleton,Waukesha,Eau Claire,Oshkosh,Janesville,La Crosse,Sheboygan,Wausau,Fond du Lac,Stevens Point'.split(
    ',',
  ),
  GA: 'Atlanta,Augusta,Columbus,Macon,Savannah,Athens,Sandy Springs,Roswell,Johns Creek,Albany,Warner Robins,Alpharetta,Marietta,Valdosta,Smyrna'.split(
    ',',
  ),
  NJ: 'Mahwah,Ramsey,Franklin Lakes,Oakland,Wyckoff,Allendale,Upper Saddle River,Saddle River,Montvale,Park Ridge,Woodcliff Lake,Hillsdale'.split(
    ',',
  ),
};

const COMPANY_WORDS =
  `Evergreen Summit Badger Peachtree Golden Coastal Sierra Redwood Pioneer Liberty Heritage Keystone Northstar Bluebird Cardinal Horizon
Precision Reliable Allied Premier Superior Trusted Comfort Green Bright Blue Sky Valley Mountain River Lakeshore Harbor Mission Cornerstone
Apex Patriot Eagle Falcon Guardian Frontier Capitol Metro Hometown Neighborhood Family`.split(/\s+/);
const COMPANY_TRADES = [
  'Heating & Air',
  'Heating and Cooling',
  'HVAC',
  'Electric',
  'Mechanical',
  'Energy Solutions',
  'Home Performance',
  'Plumbing & Heating',
  'Comfort Systems',
  'Heat Pumps',
  'Climate Control',
  'Electrical Contractors',
];

const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const ACTION_OWNERS = ['contractor', 'ops', 'homeowner', 'finance', 'program'];
const DAY_MS = 86_400_000;

/** What the generator made: the file, and what a bench needs to build queries. */
export interface BenchDb {
  path: string;
  size: number;
  seed: number;
  contractor_ids: number[];
  ops_user_ids: number[];
  /** Contractor users, by id (each creates and submits jobs of its company). */
  contractor_user_ids: number[];
  program_ids: string[];
}

function cacheKey(seed: number, size: number): string {
  const h = createHash('sha256').update(readFileSync(fileURLToPath(import.meta.url)));
  for (const f of readdirSync(MIGRATIONS).sort()) h.update(f).update(readFileSync(join(MIGRATIONS, f)));
  return `jobs-s${seed}-n${size}-${h.digest('hex').slice(0, 10)}`;
}

/** Opens (generating first if not cached) the bench database of `size` jobs. */
export function benchDatabase(
  programs: Record<string, Program>,
  opts: { size: number; seed?: number; dir?: string; log?: (s: string) => void },
): BenchDb {
  const seed = opts.seed ?? 20260601;
  const dir = opts.dir ?? join(ROOT, 'data', 'bench');
  const key = cacheKey(seed, opts.size);
  const path = join(dir, `${key}.db`);
  if (!existsSync(path)) {
    // Files of the same seed and size built by an older generator or schema.
    const stale = `jobs-s${seed}-n${opts.size}-`;
    if (existsSync(dir))
      for (const f of readdirSync(dir))
        if (f.startsWith(stale) && !f.startsWith(key)) rmSync(join(dir, f), { force: true });
    const tmp = `${path}.tmp-${process.pid}`;
    const started = performance.now();
    const db = openSqlite(`sqlite:${tmp}`);
    try {
      // The load's b-trees in memory (1 GB at most) and no foreign key lookups: the generator's rows are consistent by
      // construction.
      db.pragma('cache_size = -1000000');
      db.pragma('temp_store = MEMORY');
      db.pragma('foreign_keys = OFF');
      withIndexesAfter(db, BULK_TABLES, () => withSearchAfter(db, () => fill(db, programs, opts.size, seed)));
      db.pragma('foreign_keys = ON');
      // No ANALYZE here: the portal analyzes a database without planner statistics when it opens it
      // (server/db/database.ts).
      db.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      db.close();
    }
    renameSync(tmp, path);
    for (const ext of ['-wal', '-shm']) rmSync(`${tmp}${ext}`, { force: true });
    opts.log?.(
      `generated ${opts.size.toLocaleString('en-US')} jobs in ${((performance.now() - started) / 1000).toFixed(1)} s: ${path}`,
    );
  }
  const db = openSqlite(`sqlite:${path}`);
  try {
    const ids = (sql: string) => db.prepare(sql).pluck().all() as number[];
    return {
      path,
      size: opts.size,
      seed,
      contractor_ids: ids('SELECT id FROM contractors ORDER BY id'),
      ops_user_ids: ids("SELECT id FROM users WHERE role = 'ops' ORDER BY id"),
      contractor_user_ids: ids("SELECT id FROM users WHERE role = 'contractor' ORDER BY id"),
      program_ids: Object.keys(programs).sort(),
    };
  } finally {
    db.close();
  }
}

/**
 * A copy of a bench database without the secondary indexes of the jobs table (the naive side of the
 * list bench), cached beside it.
 */
export function withoutSecondaryIndexes(path: string): string {
  const copy = path.replace(/\.db$/, '-noindex.db');
  if (existsSync(copy)) return copy;
  const tmp = `${copy}.tmp-${process.pid}`;
  const src = new Database(path, { readonly: true });
  try {
    src.prepare('VACUUM INTO ?').run(tmp);
  } finally {
    src.close();
  }
  const db = new Database(tmp);
  try {
    const names = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'jobs' AND sql IS NOT NULL")
      .pluck()
      .all() as string[];
    for (const name of names) db.exec(`DROP INDEX "${name}"`);
  } finally {
    db.close();
  }
  renameSync(tmp, copy);
  return copy;
}

/** The tables a bench database holds one or more rows a job of. */
const BULK_TABLES = ['jobs', 'job_action_owners'];

/**
 * Runs `load` with the secondary indexes of `tables` dropped, then builds them again from their own definitions (as the
 * migrations wrote them): each index sorted once after the load, not kept in order row by row through it (a million
 * random-order inserts into a dozen b-trees: 10,000 jobs took 2.8 s, 100,000 took 48.6 s before this).
 */
export function withIndexesAfter(db: Database.Database, tables: string[], load: () => void): void {
  const marks = tables.map(() => '?').join(', ');
  const indexes = db
    .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${marks})`)
    .all(...tables) as { name: string; sql: string }[];
  for (const { name } of indexes) db.exec(`DROP INDEX "${name}"`);
  load();
  db.transaction(() => {
    for (const { sql } of indexes) db.exec(sql);
  })();
}

/** The trigger that writes a new job's search rows (migration 004), and the statement it runs per job. */
const SEARCH_TRIGGER = 'jobs_search_insert';
const PER_JOB =
  /^CREATE TRIGGER \w+ AFTER INSERT ON jobs BEGIN\s+(INSERT INTO jobs_search \(rowid, text\)\s+SELECT .+ FROM jobs_search_fields WHERE )job_id = new\.id AND (.+);\s+END$/s;

/**
 * Runs `load` without the search trigger of the jobs, then writes every job's search rows at once, in rowid order,
 * with the trigger's own statement (for every job, not one), and puts the trigger back. FTS5 keeps a new row's terms in
 * memory until a row comes whose rowid is not above the last: the trigger's rows (six per job, from a view of six
 * selects) came out of order, and each time the index wrote its pending terms out (100,000 jobs: 23 s; 200,000: 89 s,
 * growing as the square). In order: 2.5 s and 5.5 s. A trigger of another shape (a later migration) stops the
 * generator here rather than building a search index unlike the portal's.
 */
export function withSearchAfter(db: Database.Database, load: () => void): void {
  const trigger = (
    db.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?").get(SEARCH_TRIGGER) as
      { sql: string } | undefined
  )?.sql;
  const m = trigger === undefined ? null : PER_JOB.exec(trigger);
  if (!trigger || !m)
    throw new Error(`bench/generate-db.ts: the ${SEARCH_TRIGGER} trigger is not the one this generator replays`);
  db.exec(`DROP TRIGGER ${SEARCH_TRIGGER}`);
  load();
  db.transaction(() => {
    db.exec(`${m[1]}${m[2]} ORDER BY key`);
    db.exec(trigger);
  })();
}

function fill(db: Database.Database, programs: Record<string, Program>, size: number, seed: number): void {
  const rand = seeded(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
  const phone = () => `${int(200, 989)}-555-${String(int(0, 9999)).padStart(4, '0')}`;
  const programList = Object.values(programs).sort((a, b) => a.id.localeCompare(b.id));
  const stateOf = (p: Program) => p.service_area?.states?.find((s) => s in CITIES) ?? 'CA';
  const at = BENCH_NOW.toISOString();

  db.transaction(() => {
    const passwordHash = hashPassword(`bench-${seed}`);
    // The generator writes with prepared statements of its own (one transaction, 100,000 rows), not the portal's data
    // layer.
    const insertUser = db.prepare(
      'INSERT INTO users (email, name, role, password_hash, created_at) VALUES (?, ?, ?, ?, ?)',
    );
    const user = (email: string, name: string, hash: string | null) =>
      Number(insertUser.run(email, name, 'ops', hash, at).lastInsertRowid);
    const opsUsers = [user(BENCH_OPS_EMAIL, 'Bench Ops', passwordHash)];
    for (let i = 1; i < 12; i++) opsUsers.push(user(`ops${i}@bench.test`, `${pick(FIRST)} ${pick(LAST)}`, null));

    const insertContractor =
      db.prepare(`INSERT INTO contractors (name, address, city, phone, email, primary_contact, program_id, created_at)
      VALUES (@name, @address, @city, @phone, @email, @primary_contact, @program_id, @created_at)`);
    const contractors: { id: number; state: string; programs: Program[]; users: number[] }[] = [];
    const names = new Set<string>();
    while (contractors.length < 200) {
      const name = `${pick(COMPANY_WORDS)} ${pick(COMPANY_TRADES)}`;
      if (names.has(name)) continue;
      names.add(name);
      const home = pick(programList);
      const state = stateOf(home);
      const serves = programList.filter((p) => stateOf(p) === state);
      const contact = `${pick(FIRST)} ${pick(LAST)}`;
      const id = Number(
        insertContractor.run({
          name,
          address: rand() < 0.08 ? null : `${int(10, 9999)} ${pick(STREETS)} ${pick(STREET_TYPES)}`,
          city: pick(CITIES[state]),
          phone: phone(),
          email: `${contact.split(' ')[0].toLowerCase()}@${name.toLowerCase().replace(/[^a-z]+/g, '')}.example`,
          primary_contact: contact,
          program_id: home.id,
          created_at: at,
        }).lastInsertRowid,
      );
      contractors.push({ id, state, programs: serves, users: [] });
    }
    // Two to four contractor users per company, who create and submit its jobs (the creator and submitter filters).
    // From a random stream of their own, so every other column is what it was before they existed.
    const people = seeded(seed + 1);
    const insertContractorUser = db.prepare(
      "INSERT INTO users (email, name, role, contractor_id, created_at) VALUES (?, ?, 'contractor', ?, ?)",
    );
    for (const c of contractors) {
      for (let k = 0, n = 2 + Math.floor(people() * 3); k < n; k++) {
        c.users.push(
          Number(
            insertContractorUser.run(
              `user${k}@company${c.id}.bench.test`,
              `${FIRST[Math.floor(people() * FIRST.length)]} ${LAST[Math.floor(people() * LAST.length)]}`,
              c.id,
              at,
            ).lastInsertRowid,
          ),
        );
      }
    }
    // A few large companies and a long tail, as in life.
    const weights = contractors.map((_, i) => 1 / (1 + i * 0.05));
    const total = weights.reduce((a, b) => a + b, 0);
    const pickContractor = () => {
      let r = rand() * total;
      for (let i = 0; i < contractors.length; i++) if ((r -= weights[i]) <= 0) return contractors[i];
      return contractors[contractors.length - 1];
    };

    const insertJob =
      db.prepare(`INSERT INTO jobs (code, external_id, first_name, last_name, full_name, email, phone_number, address, city, state, zip,
      contractor_id, program_id, stage, stage_key, tab, eligibility, is_eligible, action_owners, has_contractor_task_exception, has_ops_task_exception,
      stage_entered_at, is_canceled, cancel_reason, claimed_by, ops_owner, created_by, submitted_by, created_at, updated_at)
      VALUES (@code, @external_id, @first_name, @last_name, @full_name, @email, @phone_number, @address, @city, @state, @zip,
      @contractor_id, @program_id, @stage, @stage_key, @tab, @eligibility, @is_eligible, @action_owners, @hce, @hoe,
      @stage_entered_at, @is_canceled, @cancel_reason, @claimed_by, @ops_owner, @created_by, @submitted_by, @created_at, @updated_at)`);
    const codes = new Set<string>();
    const span = 730 * DAY_MS;
    for (let i = 0; i < size; i++) {
      let code: string;
      do {
        code = '';
        for (let k = 0; k < 6; k++) code += CODE_ALPHABET[Math.floor(rand() * CODE_ALPHABET.length)];
      } while (codes.has(code));
      codes.add(code);
      const c = pickContractor();
      const program = pick(c.programs);
      const stages = program.stage_model.stages;
      const stage = stages[Math.min(stages.length - 1, Math.floor(rand() ** 1.3 * stages.length))];
      const first = pick(FIRST);
      const last = pick(LAST);
      const created = BENCH_NOW.getTime() - Math.floor(rand() * span);
      const entered = created + Math.floor(rand() * (BENCH_NOW.getTime() - created));
      const r = rand();
      const eligibility =
        r < 0.55
          ? 'eligible'
          : r < 0.8
            ? 'pending_more_information'
            : r < 0.92
              ? 'ineligible'
              : ELIGIBILITY_STATUSES[3];
      const owners = ACTION_OWNERS.filter(() => rand() < 0.3);
      const creator = c.users[Math.floor(people() * c.users.length)];
      insertJob.run({
        code,
        external_id:
          rand() < 0.6
            ? `${program.id.replace(/[^a-z0-9]/g, '').toUpperCase()}-${int(2024, 2026)}-${String(int(1, 999999)).padStart(6, '0')}`
            : null,
        first_name: first,
        last_name: last,
        full_name: `${first} ${last}`,
        email: `${first}.${last}${int(1, 99)}@mail.example`.toLowerCase(),
        phone_number: phone(),
        address: `${int(1, 9999)} ${pick(STREETS)} ${pick(STREET_TYPES)}`,
        city: pick(CITIES[c.state]),
        state: c.state,
        zip: String(int(10000, 99999)),
        contractor_id: c.id,
        program_id: program.id,
        stage: stage.number,
        stage_key: stage.key,
        tab: stage.tab,
        eligibility,
        is_eligible: eligibility === 'eligible' ? 1 : 0,
        action_owners: owners.length ? `,${owners.join(',')},` : '',
        hce: rand() < 0.05 ? 1 : 0,
        hoe: rand() < 0.05 ? 1 : 0,
        stage_entered_at: new Date(entered).toISOString(),
        is_canceled: rand() < 0.05 ? 1 : 0,
        cancel_reason: null,
        claimed_by: rand() < 0.2 ? pick(opsUsers) : null,
        ops_owner: rand() < 0.4 ? pick(opsUsers) : null,
        created_by: creator,
        // A job past its first stage was submitted, mostly by the user who created it.
        submitted_by:
          stage.number > 1 ? (people() < 0.8 ? creator : c.users[Math.floor(people() * c.users.length)]) : null,
        created_at: new Date(created).toISOString(),
        updated_at: new Date(entered).toISOString(),
      });
    }
    // The action-owner rows of every job (as the db module writes them with a job: migration 007).
    db.exec(`INSERT INTO job_action_owners (role, job_id, is_canceled, stage, created_at)
      SELECT r.value, j.id, j.is_canceled, j.stage, j.created_at FROM jobs j, json_each('["' || replace(trim(j.action_owners, ','), ',', '","') || '"]') r WHERE j.action_owners <> ''`);
  })();
}
