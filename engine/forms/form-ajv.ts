/** The ajv instance that compiles task forms: draft-07, all errors, strict about unknown keywords. */

import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';

/** US phone numbers: 10 digits, optional +1, common separators. */
import { PHONE_PATTERN } from '../constants.ts';
export { PHONE_PATTERN };

/** The form compiler's options (the standalone generator adds `code.source` to the same). */
export const FORM_AJV_OPTIONS = {
  allErrors: true,
  strict: true,
  strictTypes: false,
  strictTuples: false,
  strictRequired: false,
  allowUnionTypes: true,
  verbose: true,
} as const;

/**
 * Creates the form compiler's ajv (one per loaded set of definitions). `standalone`: keep each
 * validator's source, for ajv's standalone code (engine/forms/standalone.ts).
 */
export function createFormAjv(options: { standalone?: boolean } = {}): Ajv {
  const ajv = new Ajv({ ...FORM_AJV_OPTIONS, ...(options.standalone ? { code: { source: true } } : {}) });
  const addFormats = (addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule;
  (addFormats as (a: Ajv) => void)(ajv);
  ajv.addFormat('phone', PHONE_PATTERN);
  return ajv;
}
