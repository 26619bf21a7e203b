/**
 * Energy usage collection at volume (`node --import tsx bench/usage.bench.ts`): BENCH_COLLECTIONS (1,000)
 * RECO jobs, each through the whole workflow on the durable worker against the simulated utility over
 * loopback HTTP: the invite (an authorization opened at the service, a mail), the homeowner's sign-in at
 * the utility's page, the status check, and a collection run (meters, 25 monthly bills per meter as Green
 * Button XML, parsed, stored, evaluated, the derived profile set). Prints the total time, each phase, the
 * time per collection and the process's peak memory (the first figures: the README's Benchmark section
 * keeps them, for the next run to be read beside). On PostgreSQL too where one answers (as the API bench finds it):
 * the same collections written into the twin of the bench database, dropped after. Printed, never asserted.
 */

import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../server/config.ts';
import { buildDeps, repoDefinitions } from '../server/deps.ts';
import pg from 'pg';
import { benchDatabase } from './generate-db.ts';
import { postgresBench } from './postgres-copy.ts';
import { benchPostgres } from './postgres-url.ts';
import { oneSize, record } from './record.ts';
import { insertContractor } from '../server/db/contractors.db.ts';
import { insertUser } from '../server/db/users.db.ts';
import { createJob } from '../server/services/jobs.service.ts';
import * as tasksDb from '../server/db/tasks.db.ts';
import { refreshJob } from '../server/services/evaluation.ts';
import { createWorker } from '../server/worker.ts';
import { queueCheck, usageHandlers } from '../server/workflows/usage/usage-work.ts';
import { startUtilitySimulator } from '../sim/utility/server.ts';
import type { AuthUser } from '../server/context.ts';
import { dbAll, dbValue } from '../tests/support/db.ts';

const COUNT = Number(process.env.BENCH_COLLECTIONS ?? 1000);
/**
 * Run by the curve (bench/curve.ts sets BENCH_OUT): the collections go into a copy of the bench database of BENCH_JOBS
 * jobs, so the figure shows whether the workflow slows as the jobs grow. Alone: an empty database.
 */
const AMONG = process.env.BENCH_OUT ? oneSize(0) : 0;
const NOW = new Date('2026-06-01T15:00:00.000Z');

const fmt = (n: number, d = 1) => n.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
const mb = (bytes: number) => `${fmt(bytes / 1024 / 1024, 0)} MB`;

// As the API bench: BENCH_DATABASE_URL, TEST_DATABASE_URL or the local server (`off`: SQLite alone).
const PG_URL = (await benchPostgres()).url;

/**
 * The database a run writes into: on SQLite a copy of the bench file; on PostgreSQL its twin (bench/postgres-copy.ts),
 * or an empty schema when alone, dropped after the run (the next bench copies the twin again).
 */
async function databaseOf(pgUrl: string | undefined, dir: string) {
  const bench = AMONG ? benchDatabase(repoDefinitions().programs, { size: AMONG }) : undefined;
  if (!pgUrl) {
    if (bench) copyFileSync(bench.path, join(dir, 'bench.db'));
    return { url: `sqlite:${join(dir, 'bench.db')}`, drop: async () => {} };
  }
  let schema = `bench_usage_${process.pid}`;
  if (bench) {
    const twin = await postgresBench(bench, pgUrl, (s) => console.log(s));
    await twin.store.close();
    schema = twin.schema;
  }
  const drop = async () => {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).finally(() => admin.end());
  };
  return { url: pgUrl, schema, drop };
}

/** Runs `count` collections end to end (on PostgreSQL at `pgUrl`, else SQLite); the phases' times and readings. */
async function run(count: number, pgUrl?: string) {
  const dir = mkdtempSync(join(tmpdir(), 'rebate-usage-bench-'));
  const database = await databaseOf(pgUrl, dir);
  const sim = await startUtilitySimulator({ now: () => NOW, validation_ms: 0 });
  const deps = await buildDeps(
    {
      ...loadConfig({}),
      database_url: database.url,
      database_schema: database.schema,
      upload_dir: join(dir, 'uploads'),
      seed_demo: false,
      utility_data_url: sim.url,
      public_url: 'https://portal.example.test',
    },
    { now: () => NOW, log: () => {} },
  );
  try {
    const at = NOW.toISOString();
    const contractor = await insertContractor(deps.db, {
      name: 'Bench Heating',
      address: '1 Bench St',
      city: 'Mahwah',
      phone: '201-555-0100',
      email: 'office@bench.test',
      primary_contact: 'Ben Bench',
      program_id: 'reco',
      created_at: at,
    });
    const opsId = await insertUser(deps.db, {
      email: 'ops@bench.test',
      name: 'Ops',
      role: 'ops',
      password_hash: 'x',
      created_at: at,
    });
    const ops: AuthUser = { id: opsId, email: 'ops@bench.test', name: 'Ops', role: 'ops', contractor_id: null };
    const t0 = performance.now();
    for (let i = 0; i < count; i++) {
      const job = await createJob(deps, ops, {
        first_name: 'Rita',
        last_name: `Bench${i}`,
        email: `rita${i}@bench.test`,
        address: `${i + 1} Franklin Tpke`,
        city: 'Mahwah',
        county: 'Bergen',
        state: 'NJ',
        zip: '07430',
        lat: 41.0887,
        lon: -74.1438,
        electric_utility: 'Rockland Electric Company',
        gas_utility: 'Public Service Electric and Gas',
        program_id: 'reco',
        contractor_id: contractor,
      } as Parameters<typeof createJob>[2]);
      await tasksDb.writeTask(
        deps.db,
        {
          job_id: job.id,
          task_id: 'provide_energy_sources_and_utilities',
          status: 'COMPLETE',
          data: { has_lived_for_year: true, new_heating_source_within_year: false },
          draft: null,
          owner_override: null,
          exceptions: null,
          updated_at: at,
          updated_by: opsId,
        },
        0,
      );
      await refreshJob(deps, job.id);
    }
    const worker = createWorker(deps.db, { handlers: usageHandlers(deps), now: () => NOW });
    const t1 = performance.now();
    await worker.drain(); // invites: an authorization each at the service, a mail each
    const t2 = performance.now();
    // The homeowners sign in at the utility's page (as their browsers would), then the portal looks.
    const collections = await dbAll<{ id: number; authorization_url: string }>(
      deps,
      'SELECT id, authorization_url FROM usage_collections',
    );
    for (const c of collections) {
      const r = await fetch(c.authorization_url, {
        method: 'POST',
        body: new URLSearchParams({ utility: 'We Energies', username: 'homeowner', password: 'secret' }),
        redirect: 'manual',
      });
      await r.arrayBuffer();
      await queueCheck(deps, c.id);
    }
    const t3 = performance.now();
    await worker.drain(); // checks and collection runs: meters, usage per meter, profile
    const t4 = performance.now();
    const complete = Number(
      await dbValue(deps, 'SELECT COUNT(*) FROM jobs WHERE usage_facts LIKE \'%"status":"complete"%\''),
    );
    const readings = Number(await dbValue(deps, 'SELECT COUNT(*) FROM usage_readings'));
    return { setup: t1 - t0, invites: t2 - t1, signins: t3 - t2, collect: t4 - t3, total: t4 - t1, complete, readings };
  } finally {
    await deps.store.close();
    await sim.close();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

let peak = process.memoryUsage().rss;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
const ours = await run(COUNT);
const oursPeak = peak;
clearInterval(sampler);

record('usage', 'SQLite', { total_ms: ours.total, per_job_ms: ours.total / COUNT, peak_rss: oursPeak });
const onPg = PG_URL ? await run(COUNT, PG_URL) : undefined;
if (onPg) record('usage', 'PostgreSQL', { total_ms: onPg.total, per_job_ms: onPg.total / COUNT });
console.log(
  `Usage collection: ${COUNT.toLocaleString('en-US')} RECO jobs${AMONG ? ` among ${AMONG.toLocaleString('en-US')} others` : ''} through the worker and the simulated utility (13+ months each), node ${process.version}`,
);
const w = [44, 12, 14];
const row = (c: string[]) => c.map((x, i) => (i === 0 ? x.padEnd(w[i]) : x.padStart(w[i]))).join('  ');
console.log(row(['', 'total', 'per job']));
console.log(
  row(['invites (authorization + mail)', `${fmt(ours.invites / 1000)} s`, `${fmt(ours.invites / COUNT, 2)} ms`]),
);
console.log(
  row(['homeowners sign in at the utility', `${fmt(ours.signins / 1000)} s`, `${fmt(ours.signins / COUNT, 2)} ms`]),
);
console.log(
  row(['checks + collection runs (steps 3-9)', `${fmt(ours.collect / 1000)} s`, `${fmt(ours.collect / COUNT, 2)} ms`]),
);
console.log(row(['workflow total', `${fmt(ours.total / 1000)} s`, `${fmt(ours.total / COUNT, 2)} ms`]));
console.log(
  `   ${ours.complete.toLocaleString('en-US')} of ${COUNT.toLocaleString('en-US')} collections Complete, ${ours.readings.toLocaleString('en-US')} readings stored; peak memory (RSS) ${mb(oursPeak)}.`,
);
if (onPg)
  console.log(
    `   PostgreSQL: workflow total ${fmt(onPg.total / 1000)} s (${fmt(onPg.total / COUNT, 2)} ms a job; invites ${fmt(onPg.invites / 1000)} s, sign-ins ${fmt(onPg.signins / 1000)} s, checks and collection runs ${fmt(onPg.collect / 1000)} s); ${onPg.complete.toLocaleString('en-US')} Complete, ${onPg.readings.toLocaleString('en-US')} readings.`,
  );
