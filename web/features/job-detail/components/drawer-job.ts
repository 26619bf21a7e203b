/** What the task drawer needs of a job, from the job detail or from the homeowner's view. */

import type { JobFacts } from '../../../forms/client-form.ts';
import type { JobDetail, JobTask } from '../api/get-job.ts';
import type { HomeownerView } from '../api/homeowner-view.ts';

export interface DrawerJob {
  id: number;
  program_id: string;
  is_canceled: boolean;
  stage_number: number;
  tasks: JobTask[];
  /** The job's fields the forms' rules may read (job.*). */
  facts: JobFacts;
}

export function drawerJobOf(job: JobDetail): DrawerJob {
  return {
    id: job.id,
    program_id: job.program.id,
    is_canceled: job.is_canceled,
    stage_number: job.evaluation.stage.number,
    tasks: job.tasks,
    facts: job,
  };
}

export function drawerJobOfHomeowner(v: HomeownerView): DrawerJob {
  return {
    id: v.id,
    program_id: v.program.id,
    is_canceled: false,
    stage_number: v.stage.number,
    tasks: v.tasks,
    facts: { id: v.id, code: v.code, address: v.address, city: v.city, state: v.state, county: v.county },
  };
}
