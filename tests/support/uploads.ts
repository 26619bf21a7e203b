/**
 * Real files for the tests that move a job along through the services (the browser journeys set a job up this way
 * before a person takes over): every upload reference of a form's fixture (`{ id: ph-1 }`, a file that does not
 * exist) becomes the demo's photo or PDF uploaded for that task's field through the attachments service, as the
 * upload route does it. The server accepts no other reference (server/services/evidence.ts).
 */

import type { AuthUser, Deps } from '../../server/context.ts';
import type { JobRow } from '../../server/db/jobs.db.ts';
import { upload } from '../../server/services/attachments.service.ts';
import { uploadFieldsOf } from '../../server/services/evidence.ts';
import { demoPdf, demoPng } from '../../server/seed/demo-files.ts';
import { getJob } from '../../server/db/jobs.db.ts';
import { saveDraft, submitTask } from '../../server/services/tasks.service.ts';
import { filled } from '../api/fixtures.ts';

let made: Promise<{ png: Buffer; pdf: Buffer }> | undefined;
const files = () => (made ??= (async () => ({ png: demoPng(200), pdf: await demoPdf('Test document') }))());

const isRef = (v: unknown) => !!v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string';

/** The form's data with each upload reference replaced by a file uploaded for the task's field by `user`. */
export async function withStoredUploads(
  deps: Deps,
  user: AuthUser,
  job: JobRow,
  taskId: string,
  form: string,
  data: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const def = deps.defs.forms[form];
  if (!def) return data;
  const out = { ...data };
  const { png, pdf } = await files();
  for (const [field, accepts] of uploadFieldsOf(def, deps.defs.uploads)) {
    const value = out[field];
    if (value === undefined || value === null) continue;
    const isPdf = accepts.has('application/pdf');
    const one = async (ref: unknown) => {
      if (!isRef(ref)) return ref;
      const { warnings: _w, ...stored } = await upload(deps, user, job, {
        task_id: taskId,
        field,
        filename: `${field}.${isPdf ? 'pdf' : 'png'}`,
        bytes: isPdf ? pdf : png,
      });
      return stored;
    };
    out[field] = Array.isArray(value) ? await Promise.all(value.map(one)) : await one(value);
  }
  return out;
}

/**
 * Submits a task through the service with its form's fixture answers (plus `overrides`), every upload field a real
 * file stored for it: how the browser journeys move a job to where a person takes over.
 */
export async function submitFilled(
  deps: Deps,
  user: AuthUser,
  jobId: number,
  taskId: string,
  form: string,
  overrides: Record<string, unknown> = {},
  version = 0,
) {
  const job = (await getJob(deps.db, jobId))!;
  const data = await withStoredUploads(deps, user, job, taskId, form, filled(form, overrides));
  return submitTask(deps, user, job, taskId, { data, version });
}

/** Saves a draft through the service with the fixture's answers, upload fields as real files (see submitFilled). */
export async function draftFilled(
  deps: Deps,
  user: AuthUser,
  jobId: number,
  taskId: string,
  form: string,
  data: Record<string, unknown>,
  version = 0,
) {
  const job = (await getJob(deps.db, jobId))!;
  return saveDraft(deps, user, job, taskId, {
    data: await withStoredUploads(deps, user, job, taskId, form, data),
    version,
  });
}
