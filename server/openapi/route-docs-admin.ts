/** Descriptions of the search, admin and attachment routes. */

import { PROGRAM_DEFINITION, PROGRAM_DETAIL, PROGRAM_PAGE } from '../../engine/api/programs.ts';
import { ATTACHMENT, ATTACHMENTS, UPLOADED } from '../../engine/api/records.ts';
import { FEATURE_FLAG, FEATURE_FLAGS_ANSWER } from '../../engine/api/auth.ts';
import { CONTRACTOR_HITS, JOB_HITS } from '../../engine/api/search.ts';
import { ANNOUNCEMENT_ANSWER, ANNOUNCEMENT_PAGE, CURRENT_ANNOUNCEMENTS, EQUIPMENT_ANSWER, EQUIPMENT_PAGE, PROVIDER_ANSWER, PROVIDER_PAGE, TERMS_ANSWER, TERMS_PAGE } from '../../engine/api/admin-responses.ts';
import type { RouteDoc } from './route-docs.ts';
import { ANNOUNCEMENT, EQUIPMENT, PREFERENCES, PREFERENCES_ANSWER, PROVIDER, TERMS } from '../../engine/api/admin-requests.ts';

const PAGE = {
  page_number: { description: 'Page', schema: { type: 'integer', default: 1 } },
  per_page: { description: 'Page size (at most 200)', schema: { type: 'integer', default: 25 } },
};
const Q = { q: { description: 'Search text (at least 2 characters)', schema: { type: 'string', minLength: 2 } } };

export const EXTRA_ROUTE_DOCS: Record<string, RouteDoc> = {
  'GET /api/jobs/search': { tag: 'search', summary: 'Fuzzy job search (spec sect. 2) within what the user may see', query: Q, errors: [400], response: JOB_HITS },
  'GET /api/contractor/search': { tag: 'search', summary: 'Fuzzy contractor search (spec sect. 2)', query: Q, errors: [400], response: CONTRACTOR_HITS },

  'GET /api/announcements': { tag: 'announcements', summary: 'Announcements, newest first', query: { active: { description: 'Only those valid today', schema: { type: 'boolean' } }, ...PAGE }, response: ANNOUNCEMENT_PAGE },
  'GET /api/announcements/current': { tag: 'announcements', summary: 'Announcements valid today for the signed-in contractor (audience by company and program)', response: CURRENT_ANNOUNCEMENTS },
  'GET /api/announcements/{id}': { tag: 'announcements', summary: 'An announcement', errors: [404], response: ANNOUNCEMENT_ANSWER },
  'POST /api/announcements': { tag: 'announcements', summary: 'Create an announcement', body: ANNOUNCEMENT, status: 201, errors: [422], response: ANNOUNCEMENT_ANSWER },
  'PUT /api/announcements/{id}': { tag: 'announcements', summary: 'Update an announcement', body: ANNOUNCEMENT, errors: [404, 422], response: ANNOUNCEMENT_ANSWER },
  'DELETE /api/announcements/{id}': { tag: 'announcements', summary: 'Delete an announcement', status: 204, errors: [404] },

  'GET /api/programs': { tag: 'programs', summary: 'Programs as loaded from program-defs/', response: PROGRAM_PAGE },
  'GET /api/programs/{id}': { tag: 'programs', summary: 'A program: eligibility and incentive criteria in words, stages, tasks', errors: [404], response: PROGRAM_DETAIL },
  'GET /api/programs/{id}/definition': { tag: 'programs', summary: 'The loaded definition, its hash and file', errors: [404], response: PROGRAM_DEFINITION },

  'GET /api/terms_and_conditions': { tag: 'terms', summary: 'Versions of the terms and conditions, newest first', query: PAGE, response: TERMS_PAGE },
  'GET /api/terms_and_conditions/current': { tag: 'terms', summary: 'The current version', errors: [404], response: TERMS_ANSWER },
  'GET /api/terms_and_conditions/{id}': { tag: 'terms', summary: 'One version', errors: [404], response: TERMS_ANSWER },
  'POST /api/terms_and_conditions': { tag: 'terms', summary: 'Save: a new current version', body: TERMS, status: 201, errors: [422], response: TERMS_ANSWER },
  'POST /api/terms_and_conditions/{id}/restore': { tag: 'terms', summary: 'Restore: a copy of an old version becomes the new current version', status: 201, errors: [404], response: TERMS_ANSWER, noBody: true },

  'GET /api/providers': { tag: 'providers', summary: 'Energy providers', query: { q: { description: 'Name', schema: { type: 'string' } }, state: { description: 'Two-letter state', schema: { type: 'string' } }, ...PAGE }, response: PROVIDER_PAGE },
  'GET /api/providers/{id}': { tag: 'providers', summary: 'An energy provider with its preferred vendor', errors: [404], response: PROVIDER_ANSWER },
  'POST /api/providers': { tag: 'providers', summary: 'Create an energy provider', body: PROVIDER, status: 201, errors: [422], response: PROVIDER_ANSWER },
  'PUT /api/providers/{id}': { tag: 'providers', summary: 'Update an energy provider', body: PROVIDER, errors: [404, 422], response: PROVIDER_ANSWER },
  'DELETE /api/providers/{id}': { tag: 'providers', summary: 'Delete an energy provider', status: 204, errors: [404] },

  'GET /api/equipment': { tag: 'equipment', summary: 'The equipment catalog by type, searched by manufacturer, model or AHRI id', query: { type: { description: 'heat_pump, water_heater or other', schema: { type: 'string', enum: ['heat_pump', 'water_heater', 'other'] } }, q: { description: 'Manufacturer, model or AHRI id', schema: { type: 'string' } }, ...PAGE }, errors: [400], response: EQUIPMENT_PAGE },
  'GET /api/equipment/{id}': { tag: 'equipment', summary: 'A catalog entry', errors: [404], response: EQUIPMENT_ANSWER },
  'POST /api/equipment': { tag: 'equipment', summary: 'Add a catalog entry', body: EQUIPMENT, status: 201, errors: [422], response: EQUIPMENT_ANSWER },
  'PUT /api/equipment/{id}': { tag: 'equipment', summary: 'Update a catalog entry', body: EQUIPMENT, errors: [404, 422], response: EQUIPMENT_ANSWER },
  'DELETE /api/equipment/{id}': { tag: 'equipment', summary: 'Delete a catalog entry', status: 204, errors: [404] },

  'POST /api/jobs/{job_id}/attachments': { tag: 'attachments', summary: 'Upload a file for a task form field (multipart: file, task_id, field); photos give their EXIF location', multipart: true, body: { type: 'object', properties: { file: { type: 'string', format: 'binary' }, task_id: { type: 'string' }, field: { type: 'string' } } }, status: 201, errors: [400, 404, 413, 422], response: UPLOADED },
  'GET /api/jobs/{job_id}/attachments': { tag: 'attachments', summary: 'Attachments of a job with metadata, time and location', errors: [404], response: ATTACHMENTS },
  'GET /api/attachments/{id}': { tag: 'attachments', summary: 'An attachment’s metadata', errors: [404], response: ATTACHMENT },
  'GET /api/attachments/{id}/download': { tag: 'attachments', summary: 'An attachment’s bytes (Attachment is no longer available. when deleted)', returns: 'The file', errors: [404], produces: 'application/octet-stream' },
  'DELETE /api/attachments/{id}': { tag: 'attachments', summary: 'Delete an attachment (ops, the uploader or the uploader’s company)', status: 204, errors: [404] },

  'GET /api/preferences': { tag: 'preferences', summary: 'The signed-in user’s preferences, defaults filled in', response: PREFERENCES_ANSWER },
  'PUT /api/preferences': { tag: 'preferences', summary: 'Save some of the signed-in user’s preferences', body: PREFERENCES, errors: [422], response: PREFERENCES_ANSWER },
  'GET /api/feature-flags': { tag: 'preferences', summary: 'Feature flags', response: FEATURE_FLAGS_ANSWER },
  'PUT /api/feature-flags/{name}': { tag: 'preferences', summary: 'Turn a feature flag on or off', body: { type: 'object', properties: { enabled: { type: 'boolean' } } }, errors: [404, 422], response: FEATURE_FLAG },
};
