/**
 * Compiled validators kept between runs of `rebate validate`. Compiling every form's schema and the
 * meta-schemas with ajv is most of a run's time; the same schemas come back run after run. So each
 * schema's validator is kept as ajv's standalone code (the code ajv generated for it, as the server
 * hands to pages: engine/forms/standalone.ts), found again by a hash of the schema, the ajv version
 * and the options, and loaded as a function instead of compiled. A schema not seen before compiles
 * as ever (its errors, such as an unknown keyword in strict mode, are thrown as ever, and nothing is
 * kept of it). The cache is a folder of node_modules/.cache/rebate, a file per validator.
 */

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import standaloneModule from 'ajv/dist/standalone/index.js';
import type { SchemaCompiler } from '../engine/forms/compile-form.ts';
import { createFormAjv, FORM_AJV_OPTIONS } from '../engine/forms/form-ajv.ts';
import {
  META_AJV_OPTIONS,
  META_SCHEMAS,
  metaValidatorsFrom,
  type MetaValidators,
} from '../engine/load/meta-validate.ts';
import { codeVersion } from './cache-file.ts';
import { metaValidatorsCode } from '../engine/forms/standalone.ts';

type Schema = Record<string, unknown>;
const standaloneCode = ((standaloneModule as unknown as { default?: unknown }).default ?? standaloneModule) as (
  ajv: Ajv,
  refs?: unknown,
) => string;
const require = createRequire(import.meta.url);
// What else decides the generated code: ajv and its formats, and how we set them up.
const AJV_VERSION = codeVersion(
  ['engine/forms/form-ajv.ts', 'engine/load/meta-validate.ts', 'engine/constants.ts'],
  ['ajv', 'ajv-formats'],
);

/** Validators that load from the cache or compile (and are kept at `save`). */
export interface ValidatorCache {
  form_schemas: SchemaCompiler;
  meta_validators: () => MetaValidators;
  /** Writes the cache back if this run compiled anything new; never throws. */
  save(): void;
}

function keyOf(kind: string, options: unknown, schema: unknown): string {
  return createHash('sha1')
    .update(`${AJV_VERSION}\0${kind}\0${JSON.stringify(options)}\0${JSON.stringify(schema)}`)
    .digest('base64url');
}

/** Runs standalone (CommonJS) code and returns its exports; `require` resolves ajv's runtime from this package. */
function load(code: string): unknown {
  const module = { exports: {} as unknown };
  new Function('module', 'exports', 'require', code)(module, module.exports, require);
  return module.exports;
}

/** Validator code kept one file per key (`<key>.js`) in a folder: a run reads only what it calls. */
function codeStore(dir: string) {
  const added = new Map<string, string>();
  const used = new Set<string>();
  const file = (key: string) => join(dir, `${key}.js`);
  return {
    has: (key: string) => added.has(key) || existsSync(file(key)),
    read: (key: string) => added.get(key) ?? readFileSync(file(key), 'utf8'),
    use: (key: string) => void used.add(key),
    add(key: string, code: string) {
      added.set(key, code);
      used.add(key);
    },
    /** Writes what this run compiled (each file through a rename, so a concurrent run never reads half of one); prunes
     * when the folder grows far past one run's worth. */
    save() {
      if (added.size === 0) return;
      try {
        mkdirSync(dir, { recursive: true });
        for (const [key, code] of added) {
          const temp = `${file(key)}.${process.pid}.tmp`;
          writeFileSync(temp, code);
          renameSync(temp, file(key));
        }
        const kept = readdirSync(dir).filter((f) => f.endsWith('.js'));
        if (kept.length > 4 * used.size)
          for (const f of kept) if (!used.has(f.slice(0, -3))) rmSync(join(dir, f), { force: true });
      } catch {
        // Not writable: every run compiles, as without a cache.
      }
    },
  };
}

/**
 * A kept validator, read and loaded on its first call: a run checks every form's schema (compiling is
 * how a schema is checked) but validates data, its cases, against a few of them.
 */
function lazy(read: () => string, compile: () => ValidateFunction): ValidateFunction {
  let real: ValidateFunction | undefined;
  const loadOrCompile = () => {
    try {
      return load(read()) as ValidateFunction;
    } catch {
      // A kept file damaged or removed since: compile the schema as without a cache.
      return compile();
    }
  };
  const validate = ((data: unknown) => {
    real ??= loadOrCompile();
    const ok = real(data);
    validate.errors = real.errors;
    return ok;
  }) as ValidateFunction;
  validate.errors = null;
  return validate;
}

/** Opens the validators' cache in `dir` (its `validators/` folder). */
export function validatorCache(dir: string): ValidatorCache {
  const store = codeStore(join(dir, 'validators'));
  // The form compiler's ajv: it compiles what the cache lacks, and answers what the form checks ask of a
  // compiler (its keywords, its formats, whether a schema is valid JSON Schema) as the loader's own would.
  const formAjv = createFormAjv({ standalone: true });
  const form_schemas = {
    compile(schema: Schema): ValidateFunction {
      const key = keyOf('form', FORM_AJV_OPTIONS, schema);
      if (store.has(key)) {
        store.use(key);
        return lazy(
          () => store.read(key),
          () => formAjv.compile(schema),
        );
      }
      const fn = formAjv.compile(schema);
      store.add(key, standaloneCode(formAjv, fn));
      return fn;
    },
    get RULES() {
      return formAjv.RULES;
    },
    get formats() {
      return formAjv.formats;
    },
    get errors() {
      return formAjv.errors;
    },
    validateSchema: (schema: object) => formAjv.validateSchema(schema),
  };

  const meta_validators = (): MetaValidators => {
    const key = keyOf('meta', META_AJV_OPTIONS, META_SCHEMAS);
    if (store.has(key)) {
      try {
        const validators = metaValidatorsFrom(load(store.read(key)) as Record<string, ValidateFunction>);
        store.use(key);
        return validators;
      } catch {
        // A kept file damaged since: generate it again.
      }
    }
    const code = metaValidatorsCode();
    store.add(key, code);
    return metaValidatorsFrom(load(code) as Record<string, ValidateFunction>);
  };

  return { form_schemas, meta_validators, save: () => store.save() };
}
