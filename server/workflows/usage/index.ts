/**
 * Energy usage collection (spec sect. 4): the homeowner's consent and utility connection, usage collected by
 * the worker; a form's `usage_fields:` and `usage_prefill:` are filled from the job's usage facts.
 */

import type { AppWorkflow, Deps } from '../../context.ts';
import type { FieldFiller } from '../types.ts';
import { usageFactsOf, usageTaskData, withUsage } from './task-fields.ts';
import { usageHandlers } from './usage-work.ts';
import { usageRoutes } from './usage.routes.ts';
import { queueOpenUsage } from './queue.ts';

/** A read shows usage_fields and usage_prefill; a save or submit stores usage_fields whatever was sent. */
const usageFields: FieldFiller<Deps> = {
  fill: (_deps, { mode, form, job, data }) =>
    mode === 'read'
      ? withUsage(form, data, usageFactsOf(job))
      : usageTaskData(form.usage_fields, usageFactsOf(job), data ?? {}),
};

export const usage: AppWorkflow = {
  name: 'usage',
  fields: [usageFields],
  afterEvaluation: (deps, { program, row, ev }) => queueOpenUsage(deps, program, row, ev),
  work: usageHandlers,
  routes: usageRoutes,
  history: [
    'usage_invite_sent',
    'usage_page_visited',
    'usage_consent_given',
    'usage_declined',
    'usage_consent_withdrawn',
    'usage_connected',
    'usage_credentials_failed',
    'usage_authorization_revoked',
    'usage_collected',
    'usage_collection_failed',
  ],
  abilities: ['usage.read', 'usage.manage'],
};
