/**
 * Validators generated ahead, for pages that may not generate code (a Content Security Policy without
 * 'unsafe-eval'): the server turns each schema the engine would compile into ajv's standalone code
 * (standalone.ts), the page loads it as a script from our own origin, and this SchemaCompiler hands
 * back the generated validator of a schema, found by the schema's content. The same ajv options, the
 * same errors: validate-task.ts cannot tell the two apart.
 */

import type { ValidateFunction } from 'ajv';
import { hashDefinition } from '../load/hash.ts';
import type { SchemaCompiler } from './compile-form.ts';

/** The key of a schema's validator in a generated module: the hash of its canonical JSON. */
export function schemaKey(schema: unknown): string {
  return hashDefinition(schema);
}

/** Validators by schema key, as a generated module's factory returns them. */
export type PrecompiledValidators = Record<string, ValidateFunction>;

/**
 * A SchemaCompiler over generated validators. Asking for a schema the server did not generate is a
 * bug (or a form changed since it was loaded): it throws, naming what it was for.
 */
export function precompiledSchemas(validators: PrecompiledValidators, what: string): SchemaCompiler {
  return {
    compile(schema) {
      const key = schemaKey(schema);
      const fn = Object.prototype.hasOwnProperty.call(validators, key) ? validators[key] : undefined;
      if (!fn) throw new Error(`No generated validator for a schema of ${what} (${key}): reload the page`);
      return fn;
    },
  };
}

/** A SchemaCompiler for a context that never validates forms (the explorer's loader): refuses. */
export const NO_SCHEMA_COMPILER: SchemaCompiler = {
  compile() {
    throw new Error('Form validators are not available here');
  },
};
