/**
 * Unit tests only (`vitest`: no server, no CSP): the validators compiled in place by ajv, as the server
 * does. Never in the production bundle (client-form.ts imports it only when Vite's mode is `test`).
 */

import { customizeValidator } from '@rjsf/validator-ajv8';
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { PHONE_PATTERN } from '../../engine/constants.ts';
import type { SchemaCompiler } from '../../engine/forms/compile-form.ts';
import { createFormAjv } from '../../engine/forms/form-ajv.ts';

let shared: { schemas: SchemaCompiler; rjsf: ValidatorType<unknown, RJSFSchema> } | undefined;

/** One ajv for the engine and one RJSF validator, shared by every form. */
export function inPlaceValidators(): { schemas: SchemaCompiler; rjsf: ValidatorType<unknown, RJSFSchema> } {
  shared ??= { schemas: createFormAjv(), rjsf: customizeValidator({ customFormats: { phone: PHONE_PATTERN } }) };
  return shared;
}
