/**
 * Federal reporting (issue 44): each reported measure's reservation and redemption, built from the program's
 * `reporting:` rules, sent to DOE's tracking tool (or held for the month's bulk file), with the tool's answer.
 */

import type { AppWorkflow } from '../../context.ts';
import { buildRecords, jobReporting, reportingHandlers } from './reporting.service.ts';
import { reportingRoutes } from './reporting.routes.ts';

export const reporting: AppWorkflow = {
  name: 'reporting',
  afterEvaluation: (deps, { program, row, ev, facts }) => buildRecords(deps, program, row, ev, facts),
  jobDetail: async (deps, job) => {
    const records = await jobReporting(deps, job);
    return records ? { reporting: records } : {};
  },
  work: reportingHandlers,
  routes: reportingRoutes,
  abilities: ['reporting.view'],
  history: ['tracking_record_accepted', 'tracking_record_refused'],
};
