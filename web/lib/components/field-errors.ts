/** Per-field messages of a 422 answer, keyed by field path, for showing under each field. */

import { ApiError } from '../api-client.ts';

/** A field path -> message map. */
export type FieldErrors = Record<string, string>;

/**
 * The messages of a 422, keyed by path (the first message of a path wins); empty for any other error.
 * Nested paths are kept as the server sends them ("sections.0.items.1").
 */
export function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError) || error.status !== 422) return {};
  const out: FieldErrors = {};
  for (const e of error.fieldErrors) if (!(e.path in out)) out[e.path] = e.message;
  return out;
}

/** The message of a field, if any: the FormGroup props that show it in red under the field. */
export function fieldProps(errors: FieldErrors, path: string): { intent?: 'danger'; helperText?: string } {
  const message = errors[path];
  return message ? { intent: 'danger', helperText: message } : {};
}
