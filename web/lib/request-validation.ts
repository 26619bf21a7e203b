/**
 * A page's forms check the body they are about to send with the server's own schema for that call
 * (engine/api/request-checks.ts): same validators (generated at build time), same messages at the same
 * field paths as a 422 would carry. Checks only a page can make (two dates in order, a YouTube link)
 * stay with each form.
 */

import { requests } from 'virtual:request-validators';
import { requestMessages, type FormRequest } from '../../engine/api/request-checks.ts';
import { runtimeRequire } from '../forms/ajv-runtime.ts';
import type { FieldErrors } from './components/field-errors.ts';

let validators: ReturnType<typeof requests> | undefined;

/** The messages of a body that its call's schema refuses, by field path (the first message of a path wins). */
export function requestErrors(request: FormRequest, body: unknown): FieldErrors {
  validators ??= requests(runtimeRequire);
  const validate = validators[request];
  const out: FieldErrors = {};
  // ajv's useDefaults writes defaults into what it checks: check a copy, send the body as built.
  if (validate(structuredClone(body))) return out;
  for (const e of requestMessages(validate.errors)) if (!(e.path in out)) out[e.path] = e.message;
  return out;
}
