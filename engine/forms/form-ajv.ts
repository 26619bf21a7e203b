/** The ajv instance that compiles task forms: draft-07, all errors, strict about unknown keywords. */

import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';

/** US phone numbers: 10 digits, optional +1, common separators. */
import { PHONE_PATTERN } from '../constants.ts';
export { PHONE_PATTERN };

/** Creates the form compiler's ajv (one per loaded set of definitions). */
export function createFormAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false, strictTuples: false, strictRequired: false, allowUnionTypes: true, verbose: true });
  const addFormats = (addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule;
  (addFormats as (a: Ajv) => void)(ajv);
  ajv.addFormat('phone', PHONE_PATTERN);
  return ajv;
}
