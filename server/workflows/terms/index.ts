/**
 * Terms and conditions: ops publish versions; a form's `terms_fields:` hold the version accepted (install) or
 * submitted under (submit), filled by the server on every save and submit; a submission accepting the install
 * terms makes them the job's.
 */

import type { AppWorkflow, Deps } from '../../context.ts';
import { currentTermsVersion } from '../../db/admin.db.ts';
import * as jobsDb from '../../db/jobs.db.ts';
import type { FieldFiller, SubmittedTask } from '../types.ts';
import { withTermsFields } from './terms-fields.ts';
import { termsRoutes } from './terms.routes.ts';

/** Saved and submitted whatever was sent (a submission refused while no version is published); not on read. */
const termsFields: FieldFiller<Deps> = {
  fill: async (deps, { mode, form, job, data }) =>
    mode === 'read' ? data : (await withTermsFields(deps, form, job, data ?? {}, mode === 'submit')).data,
};

/** The install terms accepted with a submission become the job's (install_terms_id). */
async function keepInstallTerms(deps: Deps, { form, job }: SubmittedTask) {
  if (!Object.values(form.terms_fields ?? {}).includes('install')) return;
  const current = (await currentTermsVersion(deps.db))?.id;
  if (current !== undefined) await jobsDb.updateJob(deps.db, job.id, { install_terms_id: current });
}

export const terms: AppWorkflow = {
  name: 'terms',
  fields: [termsFields],
  afterSubmit: keepInstallTerms,
  routes: termsRoutes,
  abilities: ['terms.read_current', 'terms.read', 'terms.manage'],
};
