/** The mail a job's contractor gets when money came free and the job left the waitlist with a reservation. */

import { formatCents } from '../../../engine/index.ts';
import type { Deps } from '../../context.ts';
import { getContractor } from '../../db/contractors.db.ts';
import * as jobsDb from '../../db/jobs.db.ts';
import { renderMail } from '../../mail/templates.ts';

/** Mails the job's contractor company (in the caller's transaction: it goes out only if the promotion commits). */
export async function mailPromotion(deps: Deps, jobId: number, amountCents: number, expiresAt: string): Promise<void> {
  const job = await jobsDb.getJob(deps.db, jobId);
  const company = job?.contractor_id ? await getContractor(deps.db, job.contractor_id) : undefined;
  if (!job || !company?.email) return;
  await deps.adapters.mail.send(
    {
      to: company.email,
      ...renderMail('budget_promoted', {
        contractor_name: company.name,
        job_code: job.code,
        address: job.address,
        program_name: deps.defs.programs[job.program_id]?.name ?? job.program_id,
        amount: `$${formatCents(amountCents)}`,
        expires_on: expiresAt.slice(0, 10),
      }),
    },
    deps.db,
  );
}
