/** Rows of the access matrix for the search and admin routes. */

import type { Ctx, Row } from './access-matrix.test.ts';
import { schemaKey } from '../../engine/forms/precompiled.ts';
import { metaSchemasHash } from '../../engine/load/meta-validate.ts';

type Outcome = Row['expect'][keyof Row['expect']];
const opsOnly = { anonymous: 401, homeowner: 403, contractor_a: 403, contractor_b: 403, ops: 'ok' } as Record<keyof Row['expect'], Outcome>;
const opsAndContractors = { anonymous: 401, homeowner: 403, contractor_a: 'ok', contractor_b: 'ok', ops: 'ok' } as Record<keyof Row['expect'], Outcome>;
const publicRoute = { anonymous: 'ok', homeowner: 'ok', contractor_a: 'ok', contractor_b: 'ok', ops: 'ok' } as Record<keyof Row['expect'], Outcome>;
const signedIn = { anonymous: 401, homeowner: 'ok', contractor_a: 'ok', contractor_b: 'ok', ops: 'ok' } as Record<keyof Row['expect'], Outcome>;

const announcement = (c: Ctx) => c.s.api<{ id: number }>('POST', '/api/announcements', { as: 'ops', body: { title: 'For everyone', content: 'Hello' } }).then((r) => r.body.id);
const terms = (c: Ctx) => c.s.api<{ id: number }>('POST', '/api/terms_and_conditions', { as: 'ops', body: { title: 'Terms', sections: [{ title: 'One', items: ['Item'] }] } }).then((r) => r.body.id);
const provider = (c: Ctx) => c.s.api<{ id: number }>('POST', '/api/providers', { as: 'ops', body: { name: 'We Energies', type: 'both', states: ['WI'] } }).then((r) => r.body.id);
const equipment = (c: Ctx) => c.s.api<{ id: number }>('POST', '/api/equipment', { as: 'ops', body: { type: 'heat_pump', manufacturer: 'Mitsubishi', model: 'MXZ-3C24' } }).then((r) => r.body.id);

/** A photo attachment on the job, uploaded by ops (so only ops and none of the others may delete it). */
const JPEG = Buffer.from('/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=', 'base64');
const upload = () => {
  const f = new FormData();
  f.set('task_id', 'photos_of_installed_measures');
  f.set('field', 'heat_pump_outdoor_unit_photos');
  f.set('file', new Blob([new Uint8Array(JPEG)]), 'unit.jpg');
  return f;
};
const attachment = (c: Ctx) => c.s.api<{ id: string }>('POST', `/api/jobs/${c.job.id}/attachments`, { as: 'ops', body: upload() }).then((r) => r.body.id);
const jobA = { anonymous: 401, homeowner: 'ok', contractor_a: 'ok', contractor_b: 404, ops: 'ok' } as Record<keyof Row['expect'], Outcome>;
/** The photo is a contractor task's: the homeowner does not see that task, so neither its attachments. */
const contractorTask = { ...jobA, homeowner: 404 } as Record<keyof Row['expect'], Outcome>;

export const EXTRA_ACCESS: Record<string, Row> = {
  'POST /api/jobs/{job_id}/attachments': { path: (c) => `/api/jobs/${c.job.id}/attachments`, body: () => upload(), expect: { ...jobA, homeowner: 422 } },
  'GET /api/jobs/{job_id}/attachments': { path: (c) => `/api/jobs/${c.job.id}/attachments`, expect: jobA },
  'GET /api/attachments/{id}': { path: async (c) => `/api/attachments/${await attachment(c)}`, expect: contractorTask },
  'GET /api/attachments/{id}/download': { path: async (c) => `/api/attachments/${await attachment(c)}/download`, expect: contractorTask },
  'DELETE /api/attachments/{id}': { path: async (c) => `/api/attachments/${await attachment(c)}`, expect: { anonymous: 401, homeowner: 404, contractor_a: 403, contractor_b: 404, ops: 'ok' } },

  'GET /api/jobs/search': { path: () => '/api/jobs/search?q=Tester', expect: signedIn },
  'GET /api/contractor/search': { path: () => '/api/contractor/search?q=Company', expect: opsAndContractors },

  'GET /api/announcements': { path: () => '/api/announcements', expect: opsOnly },
  'GET /api/announcements/current': { path: () => '/api/announcements/current', expect: opsAndContractors },
  'GET /api/announcements/{id}': { path: async (c) => `/api/announcements/${await announcement(c)}`, expect: opsAndContractors },
  'POST /api/announcements': { path: () => '/api/announcements', body: () => ({ title: 'New', content: 'Text' }), expect: opsOnly },
  'PUT /api/announcements/{id}': { path: async (c) => `/api/announcements/${await announcement(c)}`, body: () => ({ title: 'Changed', content: 'Text' }), expect: opsOnly },
  'DELETE /api/announcements/{id}': { path: async (c) => `/api/announcements/${await announcement(c)}`, expect: opsOnly },

  'GET /api/programs': { path: () => '/api/programs', expect: signedIn },
  'GET /api/programs/{id}': { path: () => '/api/programs/wi-hear', expect: signedIn },
  'GET /api/programs/{id}/definition': { path: () => '/api/programs/wi-hear/definition', expect: opsOnly },

  'GET /api/terms_and_conditions': { path: () => '/api/terms_and_conditions', expect: opsAndContractors },
  'GET /api/terms_and_conditions/current': { path: async (c) => (await terms(c), '/api/terms_and_conditions/current'), expect: signedIn },
  'GET /api/terms_and_conditions/{id}': { path: async (c) => `/api/terms_and_conditions/${await terms(c)}`, expect: opsAndContractors },
  'POST /api/terms_and_conditions': { path: () => '/api/terms_and_conditions', body: () => ({ title: 'T', sections: [] }), expect: opsOnly },
  'POST /api/terms_and_conditions/{id}/restore': { path: async (c) => `/api/terms_and_conditions/${await terms(c)}/restore`, expect: opsOnly },

  'GET /api/providers': { path: () => '/api/providers', expect: opsAndContractors },
  'GET /api/providers/{id}': { path: async (c) => `/api/providers/${await provider(c)}`, expect: opsAndContractors },
  'POST /api/providers': { path: () => '/api/providers', body: () => ({ name: 'PG&E', type: 'both' }), expect: opsOnly },
  'PUT /api/providers/{id}': { path: async (c) => `/api/providers/${await provider(c)}`, body: () => ({ name: 'PG&E', type: 'gas' }), expect: opsOnly },
  'DELETE /api/providers/{id}': { path: async (c) => `/api/providers/${await provider(c)}`, expect: opsOnly },

  'GET /api/equipment': { path: () => '/api/equipment?type=heat_pump', expect: signedIn },
  'GET /api/equipment/{id}': { path: async (c) => `/api/equipment/${await equipment(c)}`, expect: signedIn },
  'POST /api/equipment': { path: () => '/api/equipment', body: () => ({ type: 'other', manufacturer: 'Square D', model: 'QO' }), expect: opsOnly },
  'PUT /api/equipment/{id}': { path: async (c) => `/api/equipment/${await equipment(c)}`, body: () => ({ type: 'heat_pump', manufacturer: 'Daikin', model: 'X' }), expect: opsOnly },
  'DELETE /api/equipment/{id}': { path: async (c) => `/api/equipment/${await equipment(c)}`, expect: opsOnly },

  'GET /api/preferences': { path: () => '/api/preferences', expect: signedIn },
  'PUT /api/preferences': { path: () => '/api/preferences', body: () => ({ jobs_per_page: 25 }), expect: signedIn },
  'GET /api/feature-flags': { path: () => '/api/feature-flags', expect: signedIn },
  'PUT /api/feature-flags/{name}': { path: () => '/api/feature-flags/program-explorer', body: () => ({ enabled: true }), expect: opsOnly },

  // Generated validators: no sign-in (import() sends no token); the schema's hash in the URL is the capability.
  'GET /api/forms/{form}/validator.js': { path: (c) => `/api/forms/approve_payment/validator.js?v=${schemaKey(c.s.deps.defs.forms.approve_payment.schema)}`, expect: publicRoute },
  'GET /api/definitions/meta-validators.js': { path: () => `/api/definitions/meta-validators.js?v=${metaSchemasHash()}`, expect: publicRoute },
};
