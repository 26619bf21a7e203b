/** Who the parties of a job are, as its documents name them: the homeowner (the job's contact) and the contractor
 * company. */

import type { Parties } from '../../../engine/index.ts';
import type { Deps } from '../../context.ts';
import type * as jobsDb from '../../db/jobs.db.ts';
import { getContractor } from '../../db/contractors.db.ts';

export async function partiesOf(deps: Pick<Deps, 'db'>, job: jobsDb.JobRow): Promise<Parties> {
  const company = job.contractor_id ? await getContractor(deps.db, job.contractor_id) : undefined;
  return {
    homeowner: { name: job.full_name || `${job.first_name} ${job.last_name}`.trim(), email: job.email },
    contractor: company ? { name: company.name, email: company.email } : undefined,
  };
}
