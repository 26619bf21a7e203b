/**
 * A form's fields that hold a terms and conditions version (form.yaml `terms_fields:`), filled by the server
 * on every save and submit whatever was sent: `install` the current version (accepted with this submission;
 * the job keeps it as its install terms when the task is submitted), `submit` the version the job was
 * submitted under (the current one when none was recorded).
 */

import type { TaskForm } from '../../../engine/index.ts';
import type { Deps } from '../../context.ts';
import type { JobRow } from '../../db/jobs.db.ts';
import { currentTermsVersion } from '../../db/admin.db.ts';
import { validationError } from '../../errors.ts';

/** No version to accept yet: said in words, at the field. */
export const NO_TERMS =
  'No terms and conditions are published yet: operations staff must publish them before these can be accepted.';

/** `data` with the form's terms fields set; and the install version, for the job to keep on submission. Refused (422)
 * when no version exists and `required`. */
export async function withTermsFields(
  deps: Deps,
  form: TaskForm,
  job: JobRow,
  data: Record<string, unknown>,
  required = false,
): Promise<{ data: Record<string, unknown>; install_terms_id?: number }> {
  const fields = Object.entries(form.terms_fields ?? {});
  if (!fields.length) return { data };
  const current = (await currentTermsVersion(deps.db))?.id;
  if (required && current === undefined)
    throw validationError(fields.map(([field]) => ({ path: field, message: NO_TERMS })));
  const out = { ...data };
  for (const [field, kind] of fields) {
    const id = kind === 'install' ? current : (job.submit_terms_id ?? current);
    if (id === undefined || id === null) delete out[field];
    else out[field] = String(id);
  }
  return { data: out, install_terms_id: fields.some(([, k]) => k === 'install') ? current : undefined };
}
