/**
 * Generates validators ahead, as code (ajv's standalone code): every schema the engine compiles for a
 * form (the whole schema, the base without its conditional groups, each group's if/then/else), and the
 * meta-schemas of the definition files. The server serves the code as JavaScript modules from its own
 * origin, so a page under a CSP without 'unsafe-eval' validates with the same ajv validators (see
 * precompiled.ts). Not imported by the web app: it carries ajv's code generator.
 */

import type { Ajv } from 'ajv';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { Ajv as AjvClass } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { buildFormRuntime, type SchemaCompiler } from './compile-form.ts';
import { createFormAjv } from './form-ajv.ts';
import { closurePick } from './pick.ts';
import { schemaKey } from './precompiled.ts';
import { META_AJV_OPTIONS, META_SCHEMAS, type FileKind } from '../load/meta-validate.ts';
import { FORM_REQUESTS, REQUEST_AJV_OPTIONS } from '../api/request-checks.ts';

type Schema = Record<string, unknown>;
const standaloneCode = ((standaloneModule as unknown as { default?: unknown }).default ?? standaloneModule) as (
  ajv: Ajv,
  refs?: Record<string, string>,
) => string;

/**
 * Every schema the engine compiles to validate a form's data, by schemaKey (what validateTask asks the
 * SchemaCompiler of buildFormRuntime for: the base, and each conditional group's if/then/else). Not the
 * whole schema as written (`runtime.validator`, checked at load by the server and the CLI only): it
 * would double the module.
 */
export function formSchemas(schema: Schema): Map<string, Schema> {
  const out = new Map<string, Schema>();
  const recorder: SchemaCompiler = {
    compile(s) {
      out.set(schemaKey(s), s);
      return Object.assign(() => true, { errors: null }) as never;
    },
  };
  const rt = buildFormRuntime(schema, [], recorder, () => () => null, closurePick);
  rt.base_validator();
  for (const c of rt.conditionals) {
    c.test();
    c.then_validator?.();
    c.else_validator?.();
  }
  return out;
}

/**
 * The standalone code (CommonJS: `exports[key] = validate…`, runtime helpers by `require`) of a form's
 * validators, keyed by schemaKey. Throws what ajv throws for a schema that does not compile.
 */
export function formValidatorsCode(schema: Schema): string {
  const ajv = createFormAjv({ standalone: true });
  const refs: Record<string, string> = {};
  for (const [key, s] of formSchemas(schema)) {
    ajv.addSchema(s, key);
    refs[key] = key;
  }
  return standaloneCode(ajv, refs);
}

/** The standalone code of the definition files' meta-schemas, exported by file kind. */
export function metaValidatorsCode(): string {
  const ajv = new AjvClass({ ...META_AJV_OPTIONS, code: { source: true } });
  const addFormats = (addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule;
  (addFormats as (a: Ajv) => void)(ajv);
  const refs: Record<string, string> = {};
  for (const [kind, schema] of Object.entries(META_SCHEMAS) as [FileKind, { $id: string }][]) {
    ajv.addSchema(schema);
    refs[kind] = schema.$id;
  }
  return standaloneCode(ajv, refs);
}

/** The standalone code of the request bodies the pages' forms send, exported by name (FORM_REQUESTS). */
export function requestValidatorsCode(): string {
  const ajv = new AjvClass({ ...REQUEST_AJV_OPTIONS, code: { source: true } });
  const addFormats = (addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule;
  (addFormats as (a: Ajv) => void)(ajv);
  const refs: Record<string, string> = {};
  for (const [name, schema] of Object.entries(FORM_REQUESTS)) {
    ajv.addSchema(schema, name);
    refs[name] = name;
  }
  return standaloneCode(ajv, refs);
}

/**
 * CommonJS standalone code as an ES module's named factory: `export function name(require)` runs the
 * code with the page's `require` (which hands over ajv's runtime helpers and ajv-formats' formats) and
 * returns its exports. Loading the module generates no code in the page: it is a script of our origin.
 */
export function moduleFactory(name: string, code: string): string {
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) throw new Error(`not an export name: ${name}`);
  return `export function ${name}(require) {\nconst module = { exports: {} };\nconst exports = module.exports;\n${code}\nreturn module.exports;\n}\n`;
}
