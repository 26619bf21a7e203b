/**
 * Property-based fuzzing of every route of openapi.json (issue: the API under hostile input). For each
 * path and method the document lists, as each role, with no token and with a garbage one, fast-check
 * (fixed seed: a failure reproduces) sends malformed path values, query strings, headers, JSON bodies
 * shaped after the documented schema and then broken, and for the upload route malformed multipart
 * streams. Every answer must be below 500 and carry no stack trace or SQL; a request answered 4xx must
 * change no row of any table (checksums before and after); the server keeps answering.
 *
 * Requests go one at a time over raw node:http (fetch would repair what the fuzz breaks), so a
 * checksum taken around a request sees that request's writes only.
 */

import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { NOW, startServer, type Person } from './harness.ts';
import { createJob, filled, submit, WI_HEAR_APPLY } from './fixtures.ts';
import {
  bodyHeadersArb,
  extraHeadersArb,
  formFields,
  HOSTILE_SEGMENTS,
  JPEG_HEAD,
  jsonBodyArb,
  multipartArb,
  PDF,
  queryArb,
  taskDataArb,
  withBody,
  wrongValue,
  type FormSchema,
  type FuzzRequest,
  type Schema,
} from './fuzz-cases.ts';
import { hashToken } from '../../server/services/auth.service.ts';
import { insertToken } from '../../server/db/users.db.ts';
import { updateJob } from '../../server/db/jobs.db.ts';
import { listFlags } from '../../server/db/settings.db.ts';
import { dbAll, dbRun, dbValue, dbValues } from '../support/db.ts';

/** The seed of every property here: change it to explore, keep it fixed in the repo. */
const SEED = Number(process.env.FUZZ_SEED ?? 1105);
/**
 * Requests per route: 25 in every run (the suite's size, some 4,000 requests a backend), FUZZ_RUNS=200 (or more) for a
 * longer session before a release (README, Inner loop).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

const STACK = /\n\s+at\s|Error:\s.*\n|node_modules|\.ts:\d+/;
/** SQL: driver errors and statements (not "Please select one of the options", a message users read). */
const SQL =
  /SQLITE_|sqlite|no such (table|column)|\bselect\s+[\w*,\s."()]+?\s+from\s+["\w]|\binsert\s+(or\s+\w+\s+)?into\s|\bupdate\s+["\w]+\s+set\s|\bdelete\s+from\s/i;

/**
 * Tables a rejected request may legitimately change, and why:
 * - login_failures: a refused sign-in (401) is recorded there; that record is the rate limit (429).
 */
const MAY_CHANGE_ON_REJECT = new Set(['login_failures']);

const s = await startServer();
// The server's error lines (a 500 logs its stack there, never in the body): shown with a failure.
const errorLines: Record<string, unknown>[] = [];
const log = s.deps.log;
s.deps.log = (line) => {
  if (line.level === 'error') errorLines.push(line);
  log(line);
};
afterAll(() => s.close());

type Who = Person | 'none' | 'garbage';
const PEOPLE_KEYS: Person[] = ['ops', 'contractor_a', 'contractor_b', 'homeowner'];
const tokens = Object.fromEntries(
  await Promise.all(PEOPLE_KEYS.map(async (p) => [p, await s.tokenOf(p)] as const)),
) as Record<Person, string>;

// Rows for the "valid id" path values: jobs of both companies (one with a homeowner), an attachment,
// an announcement, a terms version, a provider, a catalog entry, a place.
const jobA = await createJob(s, 'contractor_a');
const jobB = await createJob(s, 'contractor_b');
const jobH = await createJob(s, 'contractor_a');
await updateJob(s.deps.db, jobH.id, { homeowner_user_id: s.ids.users.homeowner });
// jobH is through its Apply stage, so the tasks after it are open to the fuzz too.
for (const [task, form, data] of WI_HEAR_APPLY) {
  const r = await submit(s, 'contractor_a', jobH.id, task, form, data);
  if (r.status !== 200) throw new Error(`fixture submit ${task}: ${r.status} ${JSON.stringify(r.body)}`);
}
const created = async (path: string, body: unknown) => {
  const r = await s.api('POST', path, { as: 'ops', body });
  if (r.status !== 201) throw new Error(`fixture ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return String(r.body.id);
};
const announcement = await created('/api/announcements', { title: 'Fuzz', content: 'x' });
const terms = await created('/api/terms_and_conditions', {
  title: 'Terms',
  description: 'x',
  sections: [{ title: 'Scope', items: ['One'] }],
});
const provider = await created('/api/providers', { name: 'We Energies', type: 'both', states: ['WI'] });
const equipment = await created('/api/equipment', {
  type: 'heat_pump',
  manufacturer: 'Mitsubishi',
  model: 'MXZ-3C24NA',
});
const upload = new FormData();
upload.set('task_id', 'scope_of_work_proposed');
upload.set('field', 'upload_scope_of_work');
upload.set('file', new Blob([new Uint8Array(PDF)]), 'doc.pdf');
const attachment = (await s.api('POST', `/api/jobs/${jobA.id}/attachments`, { as: 'contractor_a', body: upload })).body
  .id as string;
await dbRun(
  s.deps,
  "INSERT INTO places (place_id, address, city, county, state, zip, electric_utility) VALUES ('fuzz-place', '1 Main St', 'Milwaukee', 'Milwaukee', 'WI', '53202', 'We Energies')",
);

const JOB_IDS = [jobA.id, jobB.id, jobH.id].map(String);
const TASK_IDS = [
  'provide_homeowner_details',
  'provide_services',
  'scope_of_work_proposed',
  'apply_for_income_verification',
  'photos_of_installed_measures',
  'manual_j_review',
];
const FIELDS = ['upload_scope_of_work', 'proof_of_income_upload', 'heat_pump_outdoor_unit_photos'];
const BY_PREFIX: [string, string[]][] = [
  ['/api/contractor/', [s.ids.contractor_a, s.ids.contractor_b].map(String)],
  ['/api/announcements/', [announcement]],
  ['/api/terms_and_conditions/', [terms]],
  ['/api/providers/', [provider]],
  ['/api/equipment/', [equipment]],
  ['/api/attachments/', [attachment]],
  ['/api/programs/', ['wi-hear', '3ce']],
  ['/api/jobs/', JOB_IDS],
];
const BY_NAME: Record<string, string[]> = {
  job_id: JOB_IDS,
  task_id: TASK_IDS,
  kind: ['contractor', 'ops'],
  form: ['home_details', 'provide_services', 'scope_of_work_proposed'],
  short_code: [jobA.code, jobB.code],
  google_place_id: ['fuzz-place'],
  name: (await listFlags(s.deps.db)).map((f) => f.name).concat('no_such_flag'),
};
// The tasks of a WI HEAR job with their forms' fields and valid examples: draft and submit get task
// data shaped after the real form (then broken), at the live version, so the fuzz reaches the engine.
const TASKS = (await s.api('GET', `/api/jobs/${jobA.id}/tasks`, { as: 'ops' })).body.items as {
  id: string;
  form: string;
}[];
const FORMS = Object.fromEntries(
  await Promise.all(
    [...new Set(TASKS.map((t) => t.form))].map(async (form) => {
      let valid: Record<string, unknown> | undefined;
      try {
        valid = filled(form);
      } catch {
        valid = undefined; // no fixture for this form: data from its fields alone
      }
      const schema = (await s.api('GET', `/api/forms/${form}`, { as: 'ops' })).body.schema as FormSchema;
      return [form, { fields: formFields(schema), valid }] as const;
    }),
  ),
);

const ALL_VALID = [...new Set([...BY_PREFIX.flatMap(([, v]) => v), ...Object.values(BY_NAME).flat()])];

function validFor(path: string, param: string): string[] {
  return BY_NAME[param] ?? BY_PREFIX.find(([prefix]) => path.startsWith(prefix))?.[1] ?? ALL_VALID;
}

/** A path value: a real id of the right kind, one of another kind, a hostile one, or anything. */
const segmentArb = (path: string, param: string) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...validFor(path, param)) },
    { weight: 1, arbitrary: fc.constantFrom(...ALL_VALID) },
    { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS) },
    { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 30 }).map(encodeURIComponent) },
  );

/** Who sends it: each role, no token, or a token that is not one. */
const whoArb = (roles: string[]): fc.Arbitrary<Who> => {
  const allowed = PEOPLE_KEYS.filter((p) =>
    roles.includes(p === 'contractor_a' || p === 'contractor_b' ? 'contractor' : p),
  );
  return fc.oneof(
    { weight: 3, arbitrary: allowed.length ? fc.constantFrom(...allowed) : fc.constant<Who>('none') },
    { weight: 2, arbitrary: fc.constantFrom<Who>(...PEOPLE_KEYS) },
    { weight: 1, arbitrary: fc.constantFrom<Who>('none', 'garbage') },
  );
};
const GARBAGE_AUTH = [
  'Bearer garbage',
  'Bearer ',
  'Bearer',
  'Basic b3BzOm9wcw==',
  `Bearer ${'x'.repeat(5000)}`,
  'bearer a b',
  'Bearer __proto__',
  'Bearer %00',
  'Bearer \u00e9',
  `Bearer ${tokens.ops}x`,
  `Bearer ${tokens.ops.slice(0, -1)}`,
  `Bearer ${tokens.ops}, Bearer ${tokens.contractor_a}`,
];

/** A fresh session for `who` (sign-out spends the token it is given: the cached ones must survive). */
async function freshToken(who: Person): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await insertToken(s.deps.db, {
    token_hash: hashToken(token),
    user_id: s.ids.users[who],
    kind: 'session',
    expires_at: new Date(NOW.getTime() + 3_600_000).toISOString(),
    created_at: NOW.toISOString(),
  });
  return token;
}

interface Operation {
  method: string;
  path: string;
  roles: string[];
  params: { name: string; in: string }[];
  body?: { type: string; schema: Schema };
  /** 5xx statuses the document promises (the single sign-on calls: 503 while OIDC_ISSUER is not configured). */
  documented5xx: number[];
}

const served = await s.api('GET', '/api/openapi.json');
if (served.status !== 200) throw new Error(`openapi.json: ${served.status}`);
const doc = served.body as {
  paths: Record<
    string,
    Record<
      string,
      {
        'x-roles': string[];
        parameters?: { name: string; in: string }[];
        requestBody?: { content: Record<string, { schema: Schema }> };
        responses?: Record<string, unknown>;
      }
    >
  >;
};
const OPERATIONS: Operation[] = Object.entries(doc.paths ?? {})
  .flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const [type, media] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
      return {
        method: method.toUpperCase(),
        path,
        roles: op['x-roles'] ?? [],
        params: op.parameters ?? [],
        body: type ? { type, schema: media.schema } : undefined,
        documented5xx: Object.keys(op.responses ?? {})
          .map(Number)
          .filter((n) => n >= 500),
      };
    }),
  )
  // Deletes last (a deleted row would turn every later "valid id" into a 404), the contractor companies
  // (whose users the fuzz signs in as) very last; otherwise in the document's order.
  .map((op, i) => ({ op, i, rank: op.method === 'DELETE' ? (op.path.startsWith('/api/contractor/') ? 2 : 1) : 0 }))
  .sort((a, b) => a.rank - b.rank || a.i - b.i)
  .map(({ op }) => op);

/** A draft or submit of task data at the version the task has when the request is sent (or a stale or absurd one). */
interface LiveSave {
  job: number;
  task: string;
  data: Record<string, unknown>;
  version: 'current' | 'stale' | { value: unknown };
}
type Drawn = { who: Who; garbage: string; req: FuzzRequest; live?: LiveSave };

function liveSaveArb(op: Operation): fc.Arbitrary<Drawn> | undefined {
  const m = /^\/api\/jobs\/\{job_id\}\/tasks\/\{task_id\}\/(draft|submit)$/.exec(op.path);
  if (!m || !TASKS.length) return undefined;
  return fc
    .record({
      who: fc.constantFrom<Who>(
        'contractor_a',
        'contractor_a',
        'contractor_a',
        'ops',
        'ops',
        'homeowner',
        'contractor_b',
      ),
      job: fc.constantFrom(jobA.id, jobH.id),
      task: fc.constantFrom(...TASKS),
      version: fc.oneof(
        { weight: 6, arbitrary: fc.constant<LiveSave['version']>('current') },
        fc.constant<LiveSave['version']>('stale'),
        wrongValue.map((value) => ({ value })),
      ),
      extra: extraHeadersArb,
    })
    .chain(({ who, job, task, version, extra }) =>
      taskDataArb(FORMS[task.form].fields, FORMS[task.form].valid).map((data): Drawn => ({
        who,
        garbage: GARBAGE_AUTH[0],
        req: {
          path: `/api/jobs/${job}/tasks/${task.id}/${m[1]}`,
          query: '',
          headers: { ...extra, 'content-type': 'application/json' },
          label: `live ${m[1]} of ${task.id}`,
        },
        live: { job, task: task.id, data, version },
      })),
    );
}

/** The body of a live save, with the version read now. */
async function liveBody(l: LiveSave): Promise<Buffer> {
  const current =
    ((await dbValue(s.deps, 'SELECT version FROM job_tasks WHERE job_id = ? AND task_id = ?', l.job, l.task)) as
      number | undefined) ?? 0;
  const version = l.version === 'current' ? current : l.version === 'stale' ? current - 1 : l.version.value;
  return Buffer.from(JSON.stringify({ version, data: l.data }));
}

/** Everything of one request of an operation, drawn by fast-check. */
function requestArb(op: Operation): fc.Arbitrary<Drawn> {
  const live = liveSaveArb(op);
  const generic = genericArb(op);
  return live ? fc.oneof({ weight: 3, arbitrary: live }, { weight: 1, arbitrary: generic }) : generic;
}

function genericArb(op: Operation): fc.Arbitrary<Drawn> {
  const pathParams = op.params.filter((p) => p.in === 'path').map((p) => p.name);
  const queryNames = op.params.filter((p) => p.in === 'query').map((p) => p.name);
  const segments = fc.tuple(...pathParams.map((n) => segmentArb(op.path, n)));
  const multipart = op.body?.type === 'multipart/form-data';
  const body: fc.Arbitrary<{ bytes?: Buffer; headers: Record<string, string>; label: string }> = multipart
    ? fc.oneof(
        {
          weight: 5,
          arbitrary: multipartArb(TASK_IDS, FIELDS).map((m) => ({
            bytes: m.body,
            headers: { 'content-type': m.type },
            label: `multipart ${m.label}`,
          })),
        },
        {
          weight: 1,
          arbitrary: fc.tuple(jsonBodyArb(undefined), bodyHeadersArb).map(([j, h]) => {
            const headers = {};
            return { bytes: withBody(headers, j.text, h), headers, label: j.label };
          }),
        },
        { weight: 1, arbitrary: fc.constant({ headers: {}, label: 'no body' }) },
      )
    : fc.oneof(
        {
          weight: op.body ? 8 : 2,
          arbitrary: fc.tuple(jsonBodyArb(op.body?.schema), bodyHeadersArb).map(([j, h]) => {
            const headers: Record<string, string> = {};
            return { bytes: withBody(headers, j.text, h), headers, label: `${j.label}: ${j.text.slice(0, 200)}` };
          }),
        },
        { weight: 1, arbitrary: fc.constant({ headers: {}, label: 'no body' }) },
        {
          weight: 1,
          arbitrary: fc.constant({
            bytes: JPEG_HEAD,
            headers: { 'content-type': 'application/json' },
            label: 'binary as JSON',
          }),
        },
      );
  return fc
    .record({
      who: whoArb(op.roles),
      garbage: fc.constantFrom(...GARBAGE_AUTH),
      segments,
      query: queryArb(queryNames),
      body,
      extra: extraHeadersArb,
    })
    .map(({ who, garbage, segments: values, query, body: b, extra }) => {
      let i = 0;
      const path = op.path.replace(/\{(\w+)\}/g, () => values[i++]);
      return { who, garbage, req: { path, query, headers: { ...extra, ...b.headers }, body: b.bytes, label: b.label } };
    });
}

/** Sends one request as is; resolves with the status and the body as text (0: no answer). */
function send(method: string, r: FuzzRequest): Promise<{ status: number; text: string; error?: string }> {
  return new Promise((resolve) => {
    const url = new URL(s.url);
    let done = false;
    const finish = (v: { status: number; text: string; error?: string }) => {
      if (!done) {
        done = true;
        resolve(v);
      }
    };
    const headers: Record<string, string> = { ...r.headers };
    if (r.body) headers['content-length'] = String(r.body.length);
    const req = request(
      { host: url.hostname, port: url.port, path: r.path + r.query, method, headers, agent: false, timeout: 20_000 },
      (res) => {
        // An event stream (GET /api/changes) stays open: its status is the answer.
        if (String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
          finish({ status: res.statusCode ?? 0, text: '' });
          res.destroy();
          return;
        }
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => finish({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', (e) =>
          finish({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), error: e.message }),
        );
      },
    );
    req.on('timeout', () => {
      req.destroy();
      finish({ status: 0, text: '', error: 'timeout' });
    });
    // The server may answer (401, 404) and close before reading a large body: that answer counts.
    req.on('error', (e) => setTimeout(() => finish({ status: 0, text: '', error: e.message }), 50));
    req.end(r.body);
  });
}

/**
 * What a request changed, table by table. Every table of the server's database gets triggers that log a row into
 * fuzz_writes when one of its rows is inserted, deleted or updated to other values (an update that writes the same
 * values changes nothing); the log is part of the writing transaction, so a write rolled back leaves no line. A
 * "checksum" is then one small query (lines per table) instead of reading every row of every table twice a
 * request, which was most of this file's time on PostgreSQL.
 */
async function logWrites(): Promise<void> {
  const sqlite = s.deps.store.backend === 'sqlite';
  const tables = sqlite
    ? await dbValues<string>(
        s.deps,
        // FTS5's shadow tables (jobs_search_data, ...) follow the tables they index and take no triggers.
        "SELECT name FROM sqlite_master m WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%' AND name NOT LIKE 'sqlite_%' AND NOT EXISTS (SELECT 1 FROM sqlite_master v WHERE v.sql LIKE 'CREATE VIRTUAL%' AND m.name LIKE v.name || '_%')",
      )
    : await dbValues<string>(
        s.deps,
        "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
      );
  await dbRun(s.deps, 'CREATE TABLE fuzz_writes (t TEXT NOT NULL)');
  if (!sqlite)
    await dbRun(
      s.deps,
      'CREATE FUNCTION fuzz_write() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO fuzz_writes VALUES (TG_TABLE_NAME); RETURN NULL; END $$',
    );
  for (const [i, t] of tables.entries()) {
    if (!sqlite) {
      const each = 'FOR EACH ROW';
      await dbRun(
        s.deps,
        `CREATE TRIGGER fuzz_a AFTER INSERT OR DELETE ON "${t}" ${each} EXECUTE FUNCTION fuzz_write()`,
      );
      await dbRun(
        s.deps,
        `CREATE TRIGGER fuzz_b AFTER UPDATE ON "${t}" ${each} WHEN (OLD::text IS DISTINCT FROM NEW::text) EXECUTE FUNCTION fuzz_write()`,
      );
      continue;
    }
    const columns = await dbValues<string>(s.deps, `SELECT name FROM pragma_table_info('${t}')`);
    const differs = columns.map((c) => `OLD."${c}" IS NOT NEW."${c}"`).join(' OR ');
    const log = `BEGIN INSERT INTO fuzz_writes VALUES ('${t}'); END`;
    await dbRun(s.deps, `CREATE TRIGGER fuzz_i${i} AFTER INSERT ON "${t}" ${log}`);
    await dbRun(s.deps, `CREATE TRIGGER fuzz_d${i} AFTER DELETE ON "${t}" ${log}`);
    await dbRun(s.deps, `CREATE TRIGGER fuzz_u${i} AFTER UPDATE ON "${t}" WHEN ${differs} ${log}`);
  }
}
await logWrites();

/** Writes so far, per table (a request changed a table when its count moved). */
async function checksums(): Promise<Record<string, number>> {
  const rows = await dbAll<{ t: string; n: number | string }>(
    s.deps,
    'SELECT t, count(*) AS n FROM fuzz_writes GROUP BY t',
  );
  return Object.fromEntries(rows.map((r) => [r.t, Number(r.n)]));
}

const changed = (a: Record<string, number>, b: Record<string, number>) =>
  Object.keys({ ...a, ...b }).filter((t) => a[t] !== b[t] && !MAY_CHANGE_ON_REJECT.has(t));

let sent = 0;
/** Answers per route and status, printed at the end: a fuzz that only ever hears 401 tests little. */
const tally = new Map<string, Map<number, number>>();
async function check(op: Operation, { who, garbage, req: drawn, live }: Drawn): Promise<void> {
  const req = live
    ? {
        ...drawn,
        body: await liveBody(live),
        label: `${drawn.label}: ${JSON.stringify({ version: live.version, data: live.data }).slice(0, 300)}`,
      }
    : drawn;
  const headers = { ...req.headers };
  if (who === 'garbage') headers.authorization = garbage;
  else if (who !== 'none')
    headers.authorization = `Bearer ${op.path === '/api/auth/logout' ? await freshToken(who) : tokens[who]}`;
  const before = await checksums();
  const errorsBefore = errorLines.length;
  const res = await send(op.method, { ...req, headers });
  sent += 1;
  const t = tally.get(`${op.method} ${op.path}`) ?? new Map<number, number>();
  tally.set(`${op.method} ${op.path}`, t.set(res.status, (t.get(res.status) ?? 0) + 1));
  const what = `${op.method} ${req.path.slice(0, 200)}${req.query.slice(0, 200)} as ${who} [${req.label.slice(0, 300)}] headers ${JSON.stringify(headers).slice(0, 300)}`;
  expect(res.status, `${what}: no answer (${res.error})`).toBeGreaterThan(0);
  if (!op.documented5xx.includes(res.status))
    expect(
      res.status,
      `${what}: ${res.text.slice(0, 500)} ${errorLines
        .slice(errorsBefore)
        .map((l) => String(l.stack))
        .join('\n')}`,
    ).toBeLessThan(500);
  expect(res.text, `${what}: a stack trace in the body`).not.toMatch(STACK);
  expect(res.text, `${what}: SQL in the body`).not.toMatch(SQL);
  if (process.env.FUZZ_VERBOSE && live) console.log(res.status, req.path, res.text.slice(0, 160));
  if (res.status >= 400)
    expect(changed(before, await checksums()), `${what}: answered ${res.status} but changed rows`).toEqual([]);
}

const stillUp = async () => expect((await s.api('GET', '/api/config')).status).toBe(200);

describe('fuzzing every route of openapi.json', () => {
  it('the document lists the routes (the fuzz cannot silently test nothing)', async () => {
    expect(OPERATIONS.length).toBeGreaterThan(50);
    expect(OPERATIONS.some((o) => o.body?.type === 'multipart/form-data')).toBe(true);
    expect(JOB_IDS.every((id) => /^\d+$/.test(id)) && attachment).toBeTruthy();
  });

  it('sees a row written, and neither a write rolled back nor an update to the same values', async () => {
    const ops = s.ids.users.ops;
    const before = await checksums();
    await dbRun(s.deps, 'UPDATE users SET name = name WHERE id = ?', ops);
    await s.deps.db
      .transaction()
      .execute(async (tx) => {
        await dbRun({ db: tx }, "UPDATE users SET name = 'Rolled back' WHERE id = ?", ops);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(changed(before, await checksums())).toEqual([]);
    const name = await dbValue<string>(s.deps, 'SELECT name FROM users WHERE id = ?', ops);
    await dbRun(s.deps, "UPDATE users SET name = 'Changed' WHERE id = ?", ops);
    await dbRun(s.deps, 'UPDATE users SET name = ? WHERE id = ?', name, ops);
    expect(changed(before, await checksums())).toEqual(['users']);
  });

  it.each(OPERATIONS.map((o) => [`${o.method} ${o.path}`, o] as const))(
    '%s',
    async (_name, op) => {
      await fc.assert(
        fc.asyncProperty(requestArb(op), async (drawn) => check(op, drawn)),
        { seed: SEED, numRuns: op.body?.type === 'multipart/form-data' ? RUNS * 5 : RUNS },
      );
      await stillUp();
    },
    60_000,
  );

  // What fetch and node:http refuse to send: bytes on a socket. Node's parser answers these (400, 413,
  // 431) before Koa; a connection that just stops must not hold the server up.
  it.each([
    [
      'a Content-Length that is not a number',
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}',
    ],
    [
      'a negative Content-Length',
      'POST /api/jobs HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: -1\r\n\r\n{}',
    ],
    [
      'two different Content-Lengths',
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 5\r\n\r\n{}',
    ],
    [
      'Content-Length and chunked together',
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n',
    ],
    [
      'a bad chunk size',
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
    ],
    ['a header without a colon', 'GET /api/config HTTP/1.1\r\nHost: x\r\nNoColonHere\r\n\r\n'],
    ['a control character in a header', 'GET /api/config HTTP/1.1\r\nHost: x\r\nX-A: a\u0001b\r\n\r\n'],
    ['a request line of garbage', 'FOO BAR BAZ\r\n\r\n'],
    ['a path that is no path', 'GET api/config HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['an absolute URI', 'GET http://evil.test/api/config HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['HTTP/0.9', 'GET /api/config\r\n\r\n'],
    [
      'a body shorter than its Content-Length, then silence',
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
    ],
    [
      'a multipart upload cut mid-stream, then silence',
      `POST /api/jobs/1/attachments HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${tokens.contractor_a}\r\nContent-Type: multipart/form-data; boundary=XyZ\r\nContent-Length: 100000\r\n\r\n--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nabc`,
    ],
  ])('%s', async (_name, bytes) => {
    const before = await checksums();
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(Number(new URL(s.url).port), '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
      socket.write(bytes);
      // A request that stops short: give up after a moment (no answer is owed), as a client would.
      socket.setTimeout(500, () => socket.destroy());
    });
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1] ?? 0);
    if (status) expect(status, answer.slice(0, 300)).toBeLessThan(500);
    expect(answer).not.toMatch(STACK);
    expect(answer).not.toMatch(SQL);
    expect(changed(before, await checksums())).toEqual([]);
    await stillUp();
  });

  it('answered every request and is still up', async () => {
    expect(sent).toBeGreaterThanOrEqual(Math.max(1, OPERATIONS.length) * RUNS);
    const all = new Map<number, number>();
    for (const t of tally.values()) for (const [status, n] of t) all.set(status, (all.get(status) ?? 0) + n);
    console.log(
      `fuzz: ${sent} requests to ${OPERATIONS.length} routes (seed ${SEED}); answers ${[...all]
        .sort(([a], [b]) => a - b)
        .map(([st, n]) => `${st}: ${n}`)
        .join(', ')}`,
    );
    if (process.env.FUZZ_VERBOSE) for (const [route, t] of tally) console.log(route, Object.fromEntries(t));
    await stillUp();
  });
});
