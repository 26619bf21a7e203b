/**
 * The job's heading: homeowner name (struck through when canceled), address, code, program,
 * contractor, the viewer's next steps (before the rest: what they have to do now), the stage progress
 * and eligibility.
 */

import { Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { pathTo } from '../../../config/paths.ts';
import { usePageSubject } from '../../../lib/page-subject.ts';
import type { JobDetail } from '../api/get-job.ts';
import { EligibilitySummary } from './eligibility-summary.tsx';
import { CANCEL_OPTIONS, type Viewer } from './job-text.ts';
import { StageProgress } from './stage-progress.tsx';

export function JobHeader({
  job,
  viewer,
  actions,
  viewSwitch,
  me,
  nextSteps,
}: {
  job: JobDetail;
  viewer: Viewer;
  actions: ReactNode;
  viewSwitch?: ReactNode;
  me?: number;
  nextSteps?: ReactNode;
}) {
  usePageSubject(`${job.full_name} (${job.code})`);
  const ev = job.evaluation;
  const place = [job.address, job.city, [job.state, job.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const cancelReason = CANCEL_OPTIONS.find((o) => o.value === job.cancel_reason)?.label ?? job.cancel_reason;
  return (
    <header className="job-header">
      <Link to={pathTo('JobsList')} className="page-heading-back">
        ‹ Jobs
      </Link>
      <div className="job-header-top">
        <div className="job-header-title">
          <h1 className={job.is_canceled ? 'job-canceled-name' : undefined}>{job.full_name}</h1>
          <div className="job-header-meta">
            <span>{place}</span>
            <Tag minimal className="job-code" title="Job code">
              {job.code}
            </Tag>
            <Tag minimal intent="primary" icon="bank-account">
              {job.program.name}
            </Tag>
            {job.contractor && viewer === 'ops' && (
              <Link
                to={pathTo('ContractorDetail', { contractorId: job.contractor_id ?? '' })}
                className="job-contractor"
              >
                {job.contractor}
              </Link>
            )}
            {job.is_canceled && (
              <Tag intent="danger" icon="disable">
                Canceled{cancelReason ? `: ${cancelReason}` : ''}
              </Tag>
            )}
            {job.is_deemed && <Tag minimal>Deemed</Tag>}
            {job.eligibility_overridden && (
              <Tag intent="warning" minimal icon="flag" title={job.eligibility_override_reason ?? undefined}>
                Going on by ops override{job.eligibility_override_reason ? `: ${job.eligibility_override_reason}` : ''}
              </Tag>
            )}
            {viewer === 'ops' && job.is_claimed && (
              <Tag minimal icon="person">
                {job.claimed_by === me ? 'Claimed by you' : 'Claimed'}
              </Tag>
            )}
            {job.cloned_from && (
              <Link to={pathTo('JobDetail', { jobId: job.cloned_from })} className="muted">
                Copy of job #{job.cloned_from}
              </Link>
            )}
          </div>
        </div>
        <div className="job-header-actions">
          {viewSwitch}
          {actions}
        </div>
      </div>
      {nextSteps}
      <div className="job-header-status">
        <div className="job-header-stage">
          <div className="job-header-label">
            Stage {ev.stage.number}: <strong>{ev.stage.label}</strong>
            <span className="muted">
              {' '}
              · {job.days_in_stage} {job.days_in_stage === 1 ? 'day' : 'days'} in stage
            </span>
          </div>
          <StageProgress steps={ev.stage.progress} canceled={job.is_canceled} caption={false} />
        </div>
        <div className="job-header-eligibility">
          <div className="job-header-label">Eligibility</div>
          <EligibilitySummary
            eligibility={ev.eligibility}
            viewer={viewer}
            opsReason={job.ops_ineligible_reason}
            tasks={job.tasks}
          />
        </div>
      </div>
    </header>
  );
}
