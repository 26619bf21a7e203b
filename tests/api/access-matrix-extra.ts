/** Rows of the access matrix for the search and admin routes. */

import type { Ctx, Row } from './access-matrix.test.ts';
import { schemaKey } from '../../engine/forms/precompiled.ts';
import { metaSchemasHash } from '../../engine/load/meta-validate.ts';
import { repoDefinitionSources, repoDefinitions } from '../../server/deps.ts';
import { versionOfProgram } from '../../server/services/pinned-program.ts';

const announcement = (c: Ctx) =>
  c.s
    .api<{ id: number }>('POST', '/api/announcements', { as: 'ops', body: { title: 'For everyone', content: 'Hello' } })
    .then((r) => r.body.id);
const terms = (c: Ctx) =>
  c.s
    .api<{ id: number }>('POST', '/api/terms_and_conditions', {
      as: 'ops',
      body: { title: 'Terms', sections: [{ title: 'One', items: ['Item'] }] },
    })
    .then((r) => r.body.id);
const provider = (c: Ctx) =>
  c.s
    .api<{ id: number }>('POST', '/api/providers', {
      as: 'ops',
      body: { name: 'We Energies', type: 'both', states: ['WI'] },
    })
    .then((r) => r.body.id);
const equipment = (c: Ctx) =>
  c.s
    .api<{ id: number }>('POST', '/api/equipment', {
      as: 'ops',
      body: { type: 'heat_pump', manufacturer: 'Mitsubishi', model: 'MXZ-3C24' },
    })
    .then((r) => r.body.id);

/** A photo attachment on the job, uploaded by ops (so only ops and none of the others may delete it). */
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
const upload = () => {
  const f = new FormData();
  f.set('task_id', 'photos_of_installed_measures');
  f.set('field', 'heat_pump_outdoor_unit_photos');
  f.set('file', new Blob([new Uint8Array(JPEG)]), 'unit.jpg');
  return f;
};
const attachment = (c: Ctx) =>
  c.s
    .api<{ id: string }>('POST', `/api/jobs/${c.job.id}/attachments`, { as: 'ops', body: upload() })
    .then((r) => r.body.id);
/** The photo is a contractor task's: the homeowner does not see that task, so neither its attachments. */
const contractorTask: Pick<Row, 'scope' | 'except'> = { scope: 'company_a', except: { homeowner: 404 } };

const wiHearVersion = () => versionOfProgram(repoDefinitions().programs['wi-hear'])!.hash;

/** An unknown signer's link: the credential, so a 404 for everyone, signed in or not. */
const NO_LINK = {
  anonymous: 404,
  homeowner: 404,
  contractor_a: 404,
  contractor_b: 404,
  ops: 404,
  inspector: 404,
} as const satisfies Row['except'];

export const EXTRA_ACCESS: Record<string, Row> = {
  // The signer's copy, through their own link (issue 42).
  'GET /api/signing/{token}/copy': { path: () => '/api/signing/no-such-link-no-such-link/copy', except: NO_LINK },
  'GET /api/signing/{token}/copy.pdf': {
    path: () => '/api/signing/no-such-link-no-such-link/copy.pdf',
    except: NO_LINK,
  },
  // Into a contractor task's field: the homeowner does not see that task ('This job has no such task.').
  'POST /api/jobs/{job_id}/attachments': {
    path: (c) => `/api/jobs/${c.job.id}/attachments`,
    body: () => upload(),
    scope: 'company_a',
    except: { homeowner: 422 },
  },
  'GET /api/jobs/{job_id}/attachments': { path: (c) => `/api/jobs/${c.job.id}/attachments`, scope: 'company_a' },
  'GET /api/attachments/{attachment_id}': {
    path: async (c) => `/api/attachments/${await attachment(c)}`,
    ...contractorTask,
  },
  'GET /api/attachments/{attachment_id}/download': {
    path: async (c) => `/api/attachments/${await attachment(c)}/download`,
    ...contractorTask,
  },
  // Uploaded by ops: only ops, the uploader or the uploader's company may delete it.
  'DELETE /api/attachments/{attachment_id}': {
    path: async (c) => `/api/attachments/${await attachment(c)}`,
    scope: 'company_a',
    except: { homeowner: 404, contractor_a: 403 },
  },

  'GET /api/jobs/{job_id}/income-limits': { path: (c) => `/api/jobs/${c.job.id}/income-limits`, scope: 'company_a' },
  'GET /api/jobs/search': { path: () => '/api/jobs/search?q=Tester' },
  'GET /api/contractor/search': { path: () => '/api/contractor/search?q=Company' },

  'GET /api/announcements': { path: () => '/api/announcements' },
  'GET /api/announcements/current': { path: () => '/api/announcements/current' },
  'GET /api/announcements/{id}': { path: async (c) => `/api/announcements/${await announcement(c)}` },
  'POST /api/announcements': { path: () => '/api/announcements', body: () => ({ title: 'New', content: 'Text' }) },
  'PUT /api/announcements/{id}': {
    path: async (c) => `/api/announcements/${await announcement(c)}`,
    body: () => ({ title: 'Changed', content: 'Text' }),
  },
  'DELETE /api/announcements/{id}': { path: async (c) => `/api/announcements/${await announcement(c)}` },

  'GET /api/programs': { path: () => '/api/programs' },
  'GET /api/programs/{program_id}': { path: () => '/api/programs/wi-hear' },
  'GET /api/programs/{program_id}/definition': { path: () => '/api/programs/wi-hear/definition' },
  // The server's own program.yaml proposed unchanged: a report with nothing changed.
  'POST /api/programs/{program_id}/impact': {
    path: () => '/api/programs/wi-hear/impact',
    body: () => ({ files: [repoDefinitionSources().find((f) => f.path === 'program-defs/wi-hear/program.yaml')!] }),
  },
  // Definition versions (issue 19): the program's current version (stored when first asked for).
  'GET /api/programs/{program_id}/versions': { path: () => '/api/programs/wi-hear/versions' },
  'GET /api/programs/{program_id}/versions/{hash}': { path: () => `/api/programs/wi-hear/versions/${wiHearVersion()}` },
  'GET /api/programs/{program_id}/versions/{hash}/diff': {
    path: () => `/api/programs/wi-hear/versions/${wiHearVersion()}/diff?against=current`,
  },
  'POST /api/jobs/{job_id}/migrate-version': { path: (c) => `/api/jobs/${c.job.id}/migrate-version` },
  'POST /api/programs/{program_id}/migrate-jobs': {
    path: () => '/api/programs/wi-hear/migrate-jobs',
    body: () => ({ from: wiHearVersion() }),
  },

  'GET /api/terms_and_conditions': { path: () => '/api/terms_and_conditions' },
  'GET /api/terms_and_conditions/current': { path: async (c) => (await terms(c), '/api/terms_and_conditions/current') },
  'GET /api/terms_and_conditions/{id}': { path: async (c) => `/api/terms_and_conditions/${await terms(c)}` },
  'POST /api/terms_and_conditions': {
    path: () => '/api/terms_and_conditions',
    body: () => ({ title: 'T', sections: [] }),
  },
  'POST /api/terms_and_conditions/{id}/restore': {
    path: async (c) => `/api/terms_and_conditions/${await terms(c)}/restore`,
  },

  'GET /api/providers': { path: () => '/api/providers' },
  'GET /api/providers/{id}': { path: async (c) => `/api/providers/${await provider(c)}` },
  'POST /api/providers': { path: () => '/api/providers', body: () => ({ name: 'PG&E', type: 'both' }) },
  'PUT /api/providers/{id}': {
    path: async (c) => `/api/providers/${await provider(c)}`,
    body: () => ({ name: 'PG&E', type: 'gas' }),
  },
  'DELETE /api/providers/{id}': { path: async (c) => `/api/providers/${await provider(c)}` },

  'GET /api/equipment': { path: () => '/api/equipment?type=heat_pump' },
  'GET /api/equipment/{id}': { path: async (c) => `/api/equipment/${await equipment(c)}` },
  'POST /api/equipment': {
    path: () => '/api/equipment',
    body: () => ({ type: 'other', manufacturer: 'Square D', model: 'QO' }),
  },
  'PUT /api/equipment/{id}': {
    path: async (c) => `/api/equipment/${await equipment(c)}`,
    body: () => ({ type: 'heat_pump', manufacturer: 'Daikin', model: 'X' }),
  },
  'DELETE /api/equipment/{id}': { path: async (c) => `/api/equipment/${await equipment(c)}` },

  'GET /api/preferences': { path: () => '/api/preferences' },
  'PUT /api/preferences': { path: () => '/api/preferences', body: () => ({ jobs_per_page: 25 }) },
  'GET /api/feature-flags': { path: () => '/api/feature-flags' },
  'PUT /api/feature-flags/{name}': {
    path: () => '/api/feature-flags/program-explorer',
    body: () => ({ enabled: true }),
  },

  // Generated validators: no sign-in (import() sends no token); the schema's hash in the URL is the capability.
  'GET /api/forms/{form}/validator.js': {
    path: (c) => `/api/forms/approve_payment/validator.js?v=${schemaKey(c.s.deps.defs.forms.approve_payment.schema)}`,
  },
  'GET /api/definitions/meta-validators.js': {
    path: () => `/api/definitions/meta-validators.js?v=${metaSchemasHash()}`,
  },
};
