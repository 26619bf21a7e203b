/**
 * Path parameters as openapi.json describes them: one meaning per name across every route (`{job_id}` is a job's
 * id wherever it appears), typed and bounded as the server reads it. A route whose server check differs names
 * its own in its declaration (`params`); a path parameter neither here nor there fails the document's build.
 */

import { EXCEPTION_KINDS } from '../../engine/index.ts';
import { MAX_ID } from '../db/portable.ts';
import { FEATURE_FLAGS } from '../services/flags.service.ts';
import type { ParamDoc } from '../routes/declare.ts';

/** A numeric id as the server reads it (isId, server/db/portable.ts): anything else is a 404. */
const recordId = (description: string): ParamDoc => ({
  description,
  schema: { type: 'integer', minimum: 1, maximum: MAX_ID },
});

/** A name the server looks up as given (unknown: 404). */
const key = (description: string): ParamDoc => ({ description, schema: { type: 'string', minLength: 1 } });

/** Each path parameter name and what it is. */
export const PATH_PARAMS: Record<string, ParamDoc> = {
  id: recordId('The id of the record the path names'),
  job_id: recordId("The job's id"),
  document_id: recordId("The document's id"),
  signer_id: recordId("The signer's id"),
  task_id: key("The task's key in the job's program"),
  program_id: key("The program's id"),
  contractor_id: recordId("The contractor company's id"),
  review_id: key("The quality review's key in the job's program (program.yaml quality.reviews)"),
  action_id: recordId('The corrective action’s id'),
  hash: key("The definition version's hash"),
  form: key("The task form's name (its folder under task-schemas/)"),
  attachment_id: key("The attachment's id (as the upload's answer gives it: 'att_' and hexadecimal)"),
  short_code: key("The job's short code (letters and digits; case does not matter)"),
  google_place_id: key('The place id the address search gave'),
  kind: { description: 'Whose exception flag', schema: { type: 'string', enum: [...EXCEPTION_KINDS] } },
  name: { description: "The feature flag's name", schema: { type: 'string', enum: [...FEATURE_FLAGS] } },
};
