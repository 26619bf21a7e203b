/**
 * Completion records (issue 44): one PDF per paid job, issued by the worker, listing every file it covers with its
 * SHA-256, its own SHA-256 checkable at the public verify page.
 */

import type { AppWorkflow } from '../../context.ts';
import { queueRecord, recordHandlers, recordSummary } from './records.service.ts';
import { recordsRoutes } from './records.routes.ts';

export const records: AppWorkflow = {
  name: 'records',
  afterEvaluation: (deps, { program, row, ev, facts }) => queueRecord(deps, program, row, ev, facts),
  jobDetail: async (deps, job) => ({ completion_record: await recordSummary(deps, job) }),
  work: recordHandlers,
  routes: recordsRoutes,
  abilities: ['completion_record.read'],
  history: ['completion_record_issued'],
};
