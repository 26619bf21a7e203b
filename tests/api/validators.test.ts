/**
 * The page runs without eval (CSP script-src 'self', no 'unsafe-eval'): form and meta-schema validators
 * come from the server as JavaScript modules of ajv standalone code. The header says so, the routes
 * answer only to the current hash, and the generated validators agree with the compiled ones: every
 * form's fixtures give the same errors, warnings and saved data through the browser's path (generated
 * validators, interpreted rules, closure picker) as through the server's, RJSF resolves the same
 * conditional fields with its generated validator, and every definition file gets the same meta-schema
 * diagnostics.
 */

import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrecompiledValidator, customizeValidator } from '@rjsf/validator-ajv8';
import { retrieveSchema, type RJSFSchema } from '@rjsf/utils';
import { PHONE_PATTERN, taskFormFromDocument, validateTask, type Facts } from '../../engine/index.ts';
import { createCompiler } from '../../engine/logic/evaluators.ts';
import { closurePick } from '../../engine/forms/pick.ts';
import { precompiledSchemas, schemaKey } from '../../engine/forms/precompiled.ts';
import {
  createMetaValidators,
  metaSchemasHash,
  metaValidatorsFrom,
  validateMeta,
} from '../../engine/load/meta-validate.ts';
import { kindOf } from '../../engine/load/load-definitions.ts';
import { parseSource } from '../../engine/load/yaml-source.ts';
import { repoDefinitionSources } from '../../server/deps.ts';
import { startServer, type TestServer } from './harness.ts';
import { ROOT } from '../load-repo.ts';

/** The forms with a fixture (every form of the repository: tests/forms.test.ts holds them to it). */
const FORM_KEYS = readdirSync(join(ROOT, 'tests/fixtures/forms'))
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => f.replace(/\.yaml$/, ''))
  .sort();

let s: TestServer;
let dir: string;
beforeAll(async () => {
  s = await startServer();
  dir = mkdtempSync(join(tmpdir(), 'rebate-validators-'));
});
afterAll(async () => {
  await s.close();
  rmSync(dir, { recursive: true, force: true });
});

// What the page's `require` hands generated code (web/forms/validator-modules.ts): the same packages.
const nodeRequire = createRequire(import.meta.url);
const RUNTIME = [
  'ajv/dist/runtime/equal',
  'ajv/dist/runtime/ucs2length',
  'ajv/dist/runtime/validation_error',
  'ajv-formats/dist/formats',
];
const pageRequire = (name: string) => {
  if (!RUNTIME.includes(name)) throw new Error(`generated code needs ${name}`);
  return nodeRequire(name);
};

type Factory = (require: (name: string) => unknown) => Record<string, never>;
let n = 0;
/** Fetches a module and imports it as the browser would (a file here). */
async function importServed(path: string): Promise<Record<string, unknown>> {
  const r = await fetch(s.url + path);
  expect(r.status, path).toBe(200);
  const file = join(dir, `m${n++}.mjs`);
  writeFileSync(file, await r.text());
  return import(pathToFileURL(file).href);
}

describe('Content Security Policy', () => {
  it.each(['/', '/api/config', '/api/forms/approve_payment'])(
    '%s: scripts from our origin only, no eval',
    async (path) => {
      const r = await fetch(s.url + path);
      const csp = r.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).not.toContain('unsafe-eval');
    },
  );
});

describe('GET /api/forms/{form}/validator.js', () => {
  it('answers the current hash with JavaScript cached for good, anything else with 404', async () => {
    const hash = schemaKey(s.deps.defs.forms.approve_payment.schema);
    const ok = await fetch(`${s.url}/api/forms/approve_payment/validator.js?v=${hash}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(ok.headers.get('cache-control')).toContain('immutable');
    expect(ok.headers.get('x-content-type-options')).toBe('nosniff');
    const code = await ok.text();
    expect(code).toContain(`export const hash = "${hash}"`);
    expect(code).not.toMatch(/\beval\(|new Function/);
    for (const path of [
      '/api/forms/approve_payment/validator.js',
      '/api/forms/approve_payment/validator.js?v=0123456789abcdef',
      `/api/forms/nope/validator.js?v=${hash}`,
    ]) {
      expect((await fetch(s.url + path)).status, path).toBe(404);
    }
  });
});

type Msg = { path: string; message: string };
type Fixture = {
  job?: Record<string, unknown>;
  today?: string;
  valid: { data: Record<string, unknown> }[];
  invalid: { data: Record<string, unknown> }[];
};

describe('generated form validators agree with the compiled ones', () => {
  it('covers every form', () => expect(FORM_KEYS).toEqual(Object.keys(s.deps.defs.forms).sort()));
  const rjsfInPlace = customizeValidator({ customFormats: { phone: PHONE_PATTERN } });
  const interpreted = createCompiler('interpreted');
  const sort = (m: Msg[]) => [...m].sort((a, b) => a.path.localeCompare(b.path) || a.message.localeCompare(b.message));

  it.each(FORM_KEYS)('%s', async (key) => {
    const form = s.deps.defs.forms[key];
    const m = await importServed(`/api/forms/${key}/validator.js?v=${schemaKey(form.schema)}`);
    const doc = {
      key: form.key,
      title: form.title,
      schema: form.schema,
      ui_schema: form.ui_schema,
      messages: form.messages,
      rules: form.runtime.rules.map((r) => ({
        id: r.id,
        field: r.field,
        applies_if: r.logic.applies_if,
        valid_if: r.logic.valid_if,
        message: r.message,
        severity: r.severity,
      })),
    };
    // JSON round trip: the browser gets the form as JSON.
    const browser = taskFormFromDocument(
      JSON.parse(JSON.stringify(doc)),
      precompiledSchemas((m.engine as Factory)(pageRequire), key),
      interpreted,
      closurePick,
    );
    const rjsf = createPrecompiledValidator((m.rjsf as Factory)(pageRequire), form.schema as RJSFSchema);
    const fx = parse(readFileSync(join(ROOT, 'tests/fixtures/forms', `${key}.yaml`), 'utf8')) as Fixture;
    const facts = {
      job: fx.job ?? {},
      derived: { today: fx.today ?? '2026-06-01' },
      constants: s.deps.defs.shared.constants,
      tables: {},
      task_status: {},
      usage: {},
    } as Facts;
    const datas = [...fx.valid, ...fx.invalid].map((c) => c.data);
    for (const data of datas) {
      const server = validateTask(form, data, facts);
      const page = validateTask(browser, data, facts);
      expect({ ...page, errors: sort(page.errors), warnings: sort(page.warnings) }).toEqual({
        ...server,
        errors: sort(server.errors),
        warnings: sort(server.warnings),
      });
      const root = form.schema as RJSFSchema;
      expect(retrieveSchema(rjsf, root, root, data)).toEqual(retrieveSchema(rjsfInPlace, root, root, data));
    }
  });
});

describe('GET /api/definitions/meta-validators.js', () => {
  it('gives every definition file the diagnostics the compiled meta-schemas give', async () => {
    expect((await fetch(`${s.url}/api/definitions/meta-validators.js`)).status).toBe(404);
    const m = await importServed(`/api/definitions/meta-validators.js?v=${metaSchemasHash()}`);
    const generated = metaValidatorsFrom((m.meta as Factory)(pageRequire));
    const compiled = createMetaValidators();
    let files = 0;
    for (const f of repoDefinitionSources()) {
      const kind = kindOf(f.path);
      if (!kind) continue;
      const parsed = parseSource(f.path, f.text);
      // A copy with mistakes too, so the errors are compared, not only the passes.
      const broken = parseSource(f.path, `${f.text}\nnot_a_key_of_any_file: 1\n`);
      for (const p of [parsed, broken])
        expect(validateMeta(generated, kind, p)).toEqual(validateMeta(compiled, kind, p));
      files++;
    }
    expect(files).toBeGreaterThan(60);
  });
});
