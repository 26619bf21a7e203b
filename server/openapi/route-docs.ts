/** One description per route of the API (the paths and methods come from the router: see build.ts). */

import { DEFINITION_SOURCES, FORM_DOCUMENT, HOMEOWNER_VIEW, JOB_INPUT, OPENAPI_DOCUMENT, OUTBOX, PLACE_ELIGIBILITY } from '../../engine/api/misc.ts';
import { HISTORY } from '../../engine/api/records.ts';
import { APP_CONFIG, INVITED_USER, LOGIN_LINK, NOTICE, SESSION, SESSION_USER } from '../../engine/api/auth.ts';
import { JOB_SUMMARY } from '../../engine/api/search.ts';
import { CONTRACTOR_FILTER_OPTIONS, DOCUMENTS_REGENERATED, JOB_DETAIL, JOB_FILTER_OPTIONS, JOB_PAGE, JOB_REF, JOB_TASK, JOB_TASKS, TASK_SUBMITTED, TASKS_CONFIRMED } from '../../engine/api/jobs.ts';
import { CONTRACTOR_ANSWER, CONTRACTOR_NAMES, CONTRACTOR_PAGE } from '../../engine/api/admin-responses.ts';
import { EXCEPTION_FLAG as FLAG, NEW_JOB, TASK_SAVE as SAVE, TASK_TRANSFER as TRANSFER } from '../../engine/api/requests.ts';
import { CONTRACTOR_CREATE as NEW_CONTRACTOR, CONTRACTOR_UPDATE, USER_INVITE as INVITE } from '../../engine/api/admin-requests.ts';
import { EXTRA_ROUTE_DOCS } from './route-docs-admin.ts';

/** What a route does, what it takes and answers (who may call it is its guard's ability: server/abilities.ts). */
export interface RouteDoc {
  tag: string;
  summary: string;
  query?: Record<string, { description: string; schema: Record<string, unknown> }>;
  body?: Record<string, unknown>;
  multipart?: boolean;
  status?: number;
  returns?: string;
  /** The JSON Schema of the 2xx answer (engine/api): openapi.json carries it, the API tests check answers against it. */
  response?: Record<string, unknown>;
  /** A write that takes no body (its path says all). */
  noBody?: true;
  /** An answer that is not JSON: its content type (a generated module, a file's bytes). */
  produces?: 'text/javascript' | 'application/octet-stream';
  /** Documented error statuses beyond 401/403. */
  errors?: number[];
}

const int = (description: string, def?: number) => ({ description, schema: { type: 'integer', ...(def !== undefined ? { default: def } : {}) } });
const bool = (description: string, def?: boolean) => ({ description, schema: { type: 'boolean', ...(def !== undefined ? { default: def } : {}) } });
const str = (description: string, extra: Record<string, unknown> = {}) => ({ description, schema: { type: 'string', ...extra } });

/** The jobs list query of spec sect. 7. */
const JOB_QUERY = {
  contractor_id: int('Jobs of a contractor company'),
  program_id: str('Jobs of a program'),
  is_canceled: bool('Canceled jobs (the canceled list)', false),
  is_eligible: bool('Only eligible (true) or not eligible (false) jobs'),
  eligibility: str('One eligibility value', { enum: ['eligible', 'pending_more_information', 'ineligible', 'unable_to_determine'] }),
  is_claimed_jobs: bool('Only claimed jobs'),
  stage: str('Stage numbers, comma-separated'),
  ops_user: int('Jobs whose ops owner is this user'),
  contractor_user: int('Jobs created by this contractor user'),
  has_contractor_task_exception: bool('Jobs with a contractor exception flag on a task'),
  has_ops_task_exception: bool('Jobs with an ops exception flag on a task'),
  contractor_submitted_by: int('Jobs submitted by this user'),
  action_owner: str('Jobs with an open task owned by this role'),
  show_my_jobs: bool('Jobs claimed, owned or created by me'),
  q: str('Omni search: customer name, address, code or job id'),
  page_number: int('Page', 1),
  per_page: int('Page size (at most 200)', 25),
  sort_by: str('Sort column', { enum: ['created_at', 'full_name', 'days_in_stage', 'stage', 'updated_at'], default: 'created_at' }),
  sort_direction: str('Sort direction', { enum: ['asc', 'desc'], default: 'asc' }),
};
const PAGE = { page_number: int('Page', 1), per_page: int('Page size', 25) };


export const ROUTE_DOCS: Record<string, RouteDoc> = {
  'GET /api/config': { tag: 'auth', summary: 'Public configuration: environment (staging banner) and feature flags', response: APP_CONFIG },
  'POST /api/auth/login': { tag: 'auth', summary: 'Sign in with email and password', body: { type: 'object', properties: { email: { type: 'string' }, password: { type: 'string' } } }, errors: [401, 429], returns: '{ token, user, expires_at }', response: SESSION },
  'POST /api/auth/logout': { tag: 'auth', summary: 'Sign out: the token stops working', status: 204, noBody: true },
  'GET /api/auth/me': { tag: 'auth', summary: 'The signed-in user', response: SESSION_USER },
  'POST /api/auth/token': { tag: 'auth', summary: 'Sign in with a one-time token (a link minted by ops)', body: { type: 'object', properties: { token: { type: 'string' } } }, errors: [401], response: SESSION },
  'POST /api/auth/login-links': { tag: 'auth', summary: 'Mint a one-time sign-in link for a user', body: { type: 'object', properties: { user_id: { type: 'integer' } } }, status: 201, response: LOGIN_LINK },
  'POST /api/auth/forgot-password': { tag: 'auth', summary: 'Mail a one-time password reset link (same answer for unknown emails)', status: 202, response: NOTICE, body: { type: 'object', properties: { email: { type: 'string' } } } },
  'POST /api/auth/reset-password': { tag: 'auth', summary: 'Set a new password with a reset token', status: 204, errors: [400, 422], body: { type: 'object', properties: { token: { type: 'string' }, password: { type: 'string', minLength: 8 } } } },
  'POST /api/auth/playwright': { tag: 'auth', summary: 'Automated-testing sign-in (only with PLAYWRIGHT_AUTH_SECRET)', errors: [401], response: SESSION, body: { type: 'object', properties: { token: { type: 'string' }, email: { type: 'string' } } } },
  'POST /api/auth/google': { tag: 'auth', summary: 'Google sign-in (off unless GOOGLE_CLIENT_ID is set)', errors: [401, 503], response: SESSION, body: { type: 'object', properties: { id_token: { type: 'string' } } } },
  'GET /api/auth/outbox': { tag: 'auth', summary: 'The local mail outbox', response: OUTBOX },

  'GET /api/jobs': { tag: 'jobs', summary: 'Jobs the user may see, filtered, sorted and paged', query: JOB_QUERY, errors: [400], response: JOB_PAGE },
  'GET /api/jobs/internal': { tag: 'jobs', summary: 'All jobs with internal fields', query: JOB_QUERY, errors: [400], response: JOB_PAGE },
  'GET /api/jobs/summary': { tag: 'jobs', summary: 'Jobs per stage and per tab, and the canceled count', query: JOB_QUERY, response: JOB_SUMMARY },
  'GET /api/jobs/summary-internal': { tag: 'jobs', summary: 'Per-stage summary over all jobs', query: JOB_QUERY, response: JOB_SUMMARY },
  'POST /api/jobs': { tag: 'jobs', summary: 'Add a new job (409: duplicate or which program first)', body: NEW_JOB, status: 201, errors: [409, 422], response: JOB_DETAIL },
  'POST /api/jobs/filters': { tag: 'jobs', summary: 'The values each jobs-list filter can take', response: JOB_FILTER_OPTIONS, noBody: true },
  'GET /api/jobs/initial-eligibility/{google_place_id}': { tag: 'jobs', summary: 'Programs serving a place (Unable to determine eligibility when unknown)', errors: [404], response: PLACE_ELIGIBILITY },
  'GET /api/jobs/code/{short_code}': { tag: 'jobs', summary: 'The job of a short code', errors: [404], response: JOB_REF },
  'GET /api/jobs/homeowner/{id}': { tag: 'homeowner', summary: "The homeowner's view of a job", errors: [404], response: HOMEOWNER_VIEW },
  'POST /api/jobs/homeowner/confirm-tasks-done/{job_id}': { tag: 'homeowner', summary: 'The homeowner confirms their tasks are done', errors: [404], response: TASKS_CONFIRMED, noBody: true },
  'GET /api/jobs/{job_id}': { tag: 'jobs', summary: 'Job detail with the engine’s evaluation and tasks', errors: [404], response: JOB_DETAIL },
  'GET /api/jobs/{job_id}/history': { tag: 'jobs', summary: 'Job history, filtered by record type and user', query: { type: str('Record types, comma-separated'), user_id: int('Records by this user') }, errors: [404], response: HISTORY },
  'PATCH /api/jobs/{job_id}/cancel': { tag: 'jobs', summary: 'Cancel a job with a reason', body: { type: 'object', required: ['reason'], properties: { reason: { type: 'string', enum: ['lost', 'not using this rebate', 'mistake', 'submitting elsewhere', 'incorrect details', 'other'] }, note: { type: 'string' } } }, errors: [400, 404, 422], response: JOB_DETAIL },
  'PATCH /api/jobs/{job_id}/restore': { tag: 'jobs', summary: 'Restore a canceled job', errors: [400, 404], response: JOB_DETAIL, noBody: true },
  'PUT /api/jobs/{id}/claim-job': { tag: 'jobs', summary: 'Claim a job', errors: [404], response: JOB_DETAIL, noBody: true },
  'PUT /api/jobs/{id}/set-job-as-deemed': { tag: 'jobs', summary: 'Set a job as deemed', errors: [404], response: JOB_DETAIL, noBody: true },
  'PATCH /api/jobs/{job_id}/regenerate-documents': { tag: 'jobs', summary: 'Regenerate the documents of a task', query: { task_name: str('The task whose documents to regenerate'), recreate: bool('Recreate from scratch', false) }, errors: [404, 422], response: DOCUMENTS_REGENERATED, noBody: true },
  'POST /api/jobs/{job_id}/clone': { tag: 'jobs', summary: 'Clone a job to another program', body: { type: 'object', required: ['program_id'], properties: { program_id: { type: 'string' } } }, status: 201, errors: [404, 422], response: JOB_DETAIL },

  'GET /api/jobs/{job_id}/tasks': { tag: 'tasks', summary: 'Tasks of a job with the engine’s status (a homeowner sees the homeowner tasks)', errors: [404], response: JOB_TASKS },
  'GET /api/jobs/{job_id}/tasks/{task_id}': { tag: 'tasks', summary: 'One task with its saved data and version', errors: [400, 404], response: JOB_TASK },
  'PUT /api/jobs/{job_id}/tasks/{task_id}/draft': { tag: 'tasks', summary: 'Save partial work (409 when the version is stale)', body: SAVE, errors: [400, 404, 409, 422], response: JOB_TASK },
  'POST /api/jobs/{job_id}/tasks/{task_id}/submit': { tag: 'tasks', summary: 'Submit a task: validated, saved, the job re-evaluated', body: SAVE, errors: [400, 404, 409, 422], response: TASK_SUBMITTED },
  'POST /api/jobs/{job_id}/tasks/{task_id}/exceptions/{kind}': { tag: 'tasks', summary: 'Flag a contractor or ops exception', body: FLAG, errors: [404], response: JOB_TASK },
  'DELETE /api/jobs/{job_id}/tasks/{task_id}/exceptions/{kind}': { tag: 'tasks', summary: 'Clear a contractor or ops exception', errors: [404], response: JOB_TASK },
  'POST /api/jobs/{job_id}/tasks/{task_id}/transfer': { tag: 'tasks', summary: 'Transfer a task to another action owner', body: TRANSFER, errors: [404, 422], response: JOB_TASK },
  'POST /api/jobs/{job_id}/tasks/{task_id}/reset': { tag: 'tasks', summary: 'Reset a task to its default owner (READY)', errors: [404], response: JOB_TASK, noBody: true },
  'GET /api/forms/{form}': { tag: 'tasks', summary: 'A task form: JSON Schema, UI schema, messages', errors: [404], response: FORM_DOCUMENT },

  'GET /api/contractor/simple-list': { tag: 'contractors', summary: 'Contractor ids and names', response: CONTRACTOR_NAMES },
  'GET /api/contractor/current/contractor': { tag: 'contractors', summary: "The signed-in contractor's company", response: CONTRACTOR_ANSWER },
  'POST /api/contractor/filters': { tag: 'contractors', summary: 'The values the contractor filters can take', response: CONTRACTOR_FILTER_OPTIONS, noBody: true },
  'POST /api/contractor/invite-internal': { tag: 'contractors', summary: 'Invite an ops user', body: INVITE, status: 201, errors: [409, 422], response: INVITED_USER },
  'POST /api/contractor/invite': { tag: 'contractors', summary: 'Invite a contractor user to a company', body: INVITE, status: 201, errors: [409, 422], response: INVITED_USER },
  'GET /api/contractor': { tag: 'contractors', summary: 'Contractors, paged', query: { program_id: str('Contractors of a program'), q: str('Name, address or contact'), ...PAGE }, response: CONTRACTOR_PAGE },
  'POST /api/contractor': { tag: 'contractors', summary: 'Create a contractor', body: NEW_CONTRACTOR, status: 201, errors: [422], response: CONTRACTOR_ANSWER },
  'GET /api/contractor/{id}': { tag: 'contractors', summary: 'A contractor', query: { include_equipment: bool('Include the equipment it installs', false) }, errors: [404], response: CONTRACTOR_ANSWER },
  'PUT /api/contractor/{id}': { tag: 'contractors', summary: 'Update a contractor', body: CONTRACTOR_UPDATE, errors: [404, 422], response: CONTRACTOR_ANSWER },
  'DELETE /api/contractor/{id}': { tag: 'contractors', summary: 'Delete a contractor', status: 204, errors: [404] },
  'GET /api/definitions/sources': { tag: 'programs', summary: 'The definition files the server runs (program explorer)', response: DEFINITION_SOURCES },
  'GET /api/definitions/jobs/{job_id}/input': { tag: 'programs', summary: 'A job as the engine reads it (program explorer: try it)', errors: [404], response: JOB_INPUT },
  'GET /api/forms/{form}/validator.js': {
    tag: 'tasks',
    summary: "A task form's validators (engine and RJSF) as a JavaScript module of ajv standalone code, for pages without eval; the URL is versioned by the schema's hash and is the capability (no sign-in: import() sends no token)",
    query: { v: str("The form schema's hash (as the engine's schemaKey computes it); any other value is a 404") },
    returns: 'A JavaScript module',
    produces: 'text/javascript',
    errors: [404],
  },
  'GET /api/definitions/meta-validators.js': {
    tag: 'programs',
    summary: "The definition files' meta-schema validators as a JavaScript module of ajv standalone code (program explorer, without eval)",
    query: { v: str("The meta-schemas' hash; any other value is a 404") },
    returns: 'A JavaScript module',
    produces: 'text/javascript',
    errors: [404],
  },
  'GET /api/openapi.json': { tag: 'meta', summary: 'This document', response: OPENAPI_DOCUMENT },
  ...EXTRA_ROUTE_DOCS,
};
