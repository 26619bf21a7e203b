/**
 * The job's heading: homeowner name (struck through when canceled), address, code, program,
 * contractor, the stage progress and eligibility; contractors also see what the stage asks of them.
 */

import { Callout, Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { pathTo } from '../../../config/paths.ts';
import type { JobDetail } from '../api/get-job.ts';
import { EligibilitySummary } from './eligibility-summary.tsx';
import { CANCEL_OPTIONS, sentence, type Viewer } from './job-text.ts';
import { StageProgress } from './stage-progress.tsx';

export function JobHeader({ job, viewer, actions, viewSwitch, me }: { job: JobDetail; viewer: Viewer; actions: ReactNode; viewSwitch?: ReactNode; me?: number }) {
  const ev = job.evaluation;
  const place = [job.address, job.city, [job.state, job.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const action = ev.stage.contractor_action;
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
              <Link to={pathTo('ContractorDetail', { contractorId: job.contractor_id ?? '' })} className="job-contractor">
                {job.contractor}
              </Link>
            )}
            {job.is_canceled && (
              <Tag intent="danger" icon="disable">
                Canceled{cancelReason ? `: ${cancelReason}` : ''}
              </Tag>
            )}
            {job.is_deemed && <Tag minimal>Deemed</Tag>}
            {viewer === 'ops' && job.is_claimed && <Tag minimal icon="person">{job.claimed_by === me ? 'Claimed by you' : 'Claimed'}</Tag>}
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
      <div className="job-header-status">
        <div className="job-header-stage">
          <div className="job-header-label">
            Stage {ev.stage.number}: <strong>{ev.stage.label}</strong>
            <span className="muted"> · {job.days_in_stage} {job.days_in_stage === 1 ? 'day' : 'days'} in stage</span>
          </div>
          <StageProgress steps={ev.stage.progress} canceled={job.is_canceled} />
        </div>
        <div className="job-header-eligibility">
          <div className="job-header-label">Eligibility</div>
          <EligibilitySummary eligibility={ev.eligibility} viewer={viewer} opsReason={job.ops_ineligible_reason} />
        </div>
      </div>
      {viewer === 'contractor' && action && !job.is_canceled && (
        <Callout className="job-next-step" intent={/^waiting|completed/.test(action) ? 'none' : 'primary'} icon={/^waiting/.test(action) ? 'time' : /completed/.test(action) ? 'tick-circle' : 'arrow-right'} compact>
          <strong>Your next step:</strong> {sentence(action)}
        </Callout>
      )}
    </header>
  );
}
