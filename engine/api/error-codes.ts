/**
 * The stable codes of the API's error bodies `{ code, detail, errors? }`. `detail` is for people and may
 * be reworded; `code` is for programs: the web app (and any client) switches on it, never on wording.
 * A code is never renamed or reused; a new situation gets a new code.
 */

/** The code an error of a status has when nothing more specific applies. */
export const STATUS_CODES = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  410: 'gone',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'validation_failed',
  429: 'rate_limited',
  500: 'internal',
  502: 'bad_gateway',
  503: 'unavailable',
} as const;

/** Every code: those of the statuses, then those of particular situations. */
export const ERROR_CODES = {
  bad_request: 'bad_request',
  unauthenticated: 'unauthenticated',
  forbidden: 'forbidden',
  not_found: 'not_found',
  conflict: 'conflict',
  gone: 'gone',
  payload_too_large: 'payload_too_large',
  unsupported_media_type: 'unsupported_media_type',
  validation_failed: 'validation_failed',
  rate_limited: 'rate_limited',
  internal: 'internal',
  bad_gateway: 'bad_gateway',
  unavailable: 'unavailable',
  /** The body is not JSON. */
  invalid_json: 'invalid_json',
  /** A JSON object body was required. */
  body_required: 'body_required',
  /** The body is nested deeper than the limit. */
  body_too_deep: 'body_too_deep',
  /** The body's Content-Encoding does not decode. */
  body_undecodable: 'body_undecodable',
  /** A multipart upload that ends early or is not multipart. */
  malformed_multipart: 'malformed_multipart',
  /** A query parameter out of its range or set. */
  invalid_query: 'invalid_query',
  /** A search query too short or too long. */
  search_too_short: 'search_too_short',
  search_too_long: 'search_too_long',
  /** A write from a version that is no longer current; the body carries `current`. */
  stale_version: 'stale_version',
  /** A job for this homeowner at this address exists; the body carries `existing_job`. */
  duplicate_job: 'duplicate_job',
  /** The address qualifies for more than one program; the body carries `programs` to choose from. */
  program_choice_required: 'program_choice_required',
  /** An ineligible job cannot be submitted. */
  job_ineligible: 'job_ineligible',
  job_canceled: 'job_canceled',
  job_not_canceled: 'job_not_canceled',
  /** Ops marked the job ineligible already (undo it first). */
  job_marked_ineligible: 'job_marked_ineligible',
  job_not_marked_ineligible: 'job_not_marked_ineligible',
  job_not_deemed: 'job_not_deemed',
  /** A payment override that cannot be asked or decided now (nothing to override, paid already, one waiting). */
  payment_override_refused: 'payment_override_refused',
  /** The ops user who asked for a payment override may not decide it (four eyes). */
  payment_override_same_user: 'payment_override_same_user',
  /** The eligibility override asked of a job the rules do not find ineligible, or of one already overridden. */
  job_not_ineligible: 'job_not_ineligible',
  job_eligibility_overridden: 'job_eligibility_overridden',
  job_eligibility_not_overridden: 'job_eligibility_not_overridden',
  task_locked: 'task_locked',
  task_not_applicable: 'task_not_applicable',
  /** Email and password do not match, or no credentials. */
  invalid_credentials: 'invalid_credentials',
  /** A one-time sign-in or reset link that is unknown, spent or expired. */
  link_invalid: 'link_invalid',
  email_taken: 'email_taken',
  unknown_place: 'unknown_place',
  unknown_contractor: 'unknown_contractor',
  /** An integration that is switched off in this deployment. */
  not_configured: 'not_configured',
  /** Text with a NUL character (U+0000), or a number past what the database stores. */
  invalid_value: 'invalid_value',
  /** A document signing link that is unknown, replaced by a newer invite, or expired. */
  signing_link_invalid: 'signing_link_invalid',
  /** A signing link already used (signed or declined), or whose document no longer needs signing. */
  signing_link_spent: 'signing_link_spent',
  /** A signer whose turn has not come (an earlier signer has not signed). */
  signing_not_your_turn: 'signing_not_your_turn',
  /** A signer who has signed (nothing to resend), or a document no longer current. */
  signature_complete: 'signature_complete',
  /** A task with no documents to generate. */
  no_documents: 'no_documents',
  /** A usage collection link that is unknown or replaced by a newer invite. */
  usage_link_invalid: 'usage_link_invalid',
  /** A usage action on a job whose program collects no energy usage. */
  usage_not_collected: 'usage_not_collected',
  /** A usage action that needs a connected utility account, before one is. */
  usage_not_connected: 'usage_not_connected',
  /** Subscribing with no meter selected. */
  usage_no_meters: 'usage_no_meters',
  /** The homeowner already declined (or connected), so the other answer is refused. */
  usage_already_decided: 'usage_already_decided',
  /** A homeowner task the program lets only the homeowner answer (no on_behalf), or a signature or attestation. */
  homeowner_only: 'homeowner_only',
  /** A homeowner invitation link that is unknown, spent or expired. */
  invite_link_invalid: 'invite_link_invalid',
  /** The invitation's email belongs to a portal account that is not a homeowner's. */
  invite_email_not_homeowner: 'invite_email_not_homeowner',
  /** Payment approval of a job whose failed quality review has a corrective action not closed. */
  quality_hold: 'quality_hold',
  /** Suspended from the program by its quality assurance: no new jobs in it. */
  contractor_suspended: 'contractor_suspended',
} as const;

/** One of the codes. */
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** The code of a status with nothing more specific. */
export function codeOfStatus(status: number): ErrorCode {
  return (STATUS_CODES as Record<number, ErrorCode>)[status] ?? (status >= 500 ? 'internal' : 'bad_request');
}
