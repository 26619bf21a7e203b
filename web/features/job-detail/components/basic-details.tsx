/** Basic details: the homeowner's contact, the site and the job's own fields. */

import { DetailList } from '../../../lib/components/detail-list.tsx';
import type { JobDetail } from '../api/get-job.ts';
import type { Viewer } from './job-text.ts';

const date = (s: string | null) => (s ? new Date(s).toLocaleDateString() : null);

/** A creator or submitter by name; ops viewing as someone else see ops people as that viewer would. */
const person = (p: JobDetail['created_by'], viewer: Viewer) =>
  p ? (p.role === 'ops' && viewer !== 'ops' ? 'Operations team' : p.name) : null;

export function BasicDetails({ job, viewer }: { job: JobDetail; viewer: Viewer }) {
  return (
    <DetailList
      items={[
        { label: 'First name', value: job.first_name },
        { label: 'Last name', value: job.last_name },
        { label: 'Email', value: job.email && <a href={`mailto:${job.email}`}>{job.email}</a> },
        { label: 'Phone', value: job.phone_number && <a href={`tel:${job.phone_number}`}>{job.phone_number}</a> },
        {
          label: 'Home address',
          value: [job.address, job.city, [job.state, job.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
          wide: true,
        },
        { label: 'County', value: job.county },
        { label: 'Electric utility', value: job.electric_utility },
        { label: 'Gas utility', value: job.gas_utility },
        { label: 'Contractor', value: job.contractor },
        { label: 'Program', value: job.program.name },
        { label: 'Job code', value: job.code },
        { label: 'External ID', value: job.external_id },
        { label: 'Created', value: date(job.created_at) },
        { label: 'Created by', value: person(job.created_by, viewer) },
        { label: 'Rebate submitted', value: date(job.submitted_at) },
        { label: 'Submitted by', value: person(job.submitted_by, viewer) },
        ...(viewer === 'ops' && job.stage_model ? [{ label: 'Stage model', value: job.stage_model.label }] : []),
        ...(viewer === 'ops' && job.exception_notes
          ? [{ label: 'Exception notes', value: job.exception_notes, wide: true }]
          : []),
      ]}
    />
  );
}
