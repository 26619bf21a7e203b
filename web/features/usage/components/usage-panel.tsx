/**
 * Energy usage collection on the job detail (spec sect. 4): the overall status and the energy history
 * (Collected, Connected or Pending), the four stages with their nine steps as the reader's role words
 * them, and for internal users the meters and the staff actions the server offers now (select meters,
 * process historical, subscribe meters, process ongoing, resend invite). While the collection moves
 * the panel reads it again every 2 s, so steps change without a reload. Nothing when the program
 * collects no usage, or the caller may not see it.
 */

import { Alert, Button, Callout, Spinner, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { successToast } from '../../../lib/toaster.ts';
import { useJobUsage, type JobUsage, type UsageAction } from '../api/get-job-usage.ts';
import { useUsageAction } from '../api/usage-actions.ts';
import { UsageMeters } from './usage-meters.tsx';
import { UsageStages } from './usage-steps.tsx';
import {
  ACTION_BUTTONS,
  HISTORY_INTENT,
  OVERALL_INTENT,
  PANEL_TEXT,
  messageOf,
  partialMonthText,
  profileLabel,
  profileValue,
} from './usage-text.ts';
import '../usage.css';

export interface UsagePanelProps {
  jobId: number;
  /** A preview of another role's view: no meters, no actions (the server's are the signed-in user's). */
  readOnly?: boolean;
}

/** The overall status and the energy history, as the submission summary reads them. */
export function UsageSummary({ usage }: { usage: Pick<JobUsage, 'overall' | 'history'> }) {
  return (
    <div className="usage-summary">
      <Tag
        intent={OVERALL_INTENT[usage.overall.status]}
        size="large"
        className="usage-overall"
        data-status={usage.overall.status}
      >
        {usage.overall.label}
      </Tag>
      <span className="usage-history" data-status={usage.history.status}>
        {PANEL_TEXT.history}:{' '}
        <Tag minimal intent={HISTORY_INTENT[usage.history.status]}>
          {usage.history.label}
        </Tag>
      </span>
    </div>
  );
}

function Profile({ profile }: { profile: NonNullable<JobUsage['profile']> }) {
  const { partial_months: partial = [], partial_month_handling: handling, ...figures } = profile;
  const rows = Object.entries(figures).filter(([, v]) => v !== null && v !== '');
  if (!rows.length) return null;
  return (
    <section className="usage-profile" aria-labelledby="usage-profile-title">
      <h3 id="usage-profile-title" className="usage-stage-title">
        {PANEL_TEXT.profile}
      </h3>
      <dl className="usage-profile-list">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt className="muted">{profileLabel(k)}</dt>
            <dd>{profileValue(v as number | string | null)}</dd>
          </div>
        ))}
      </dl>
      {partial.length > 0 && (
        <div className="usage-partial-months">
          <div className="muted">{PANEL_TEXT.partial_months(handling ?? 'left_out')}</div>
          <ul>
            {partial.map((p) => (
              <li key={`${p.service}:${p.month}`}>{partialMonthText(p)}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

/** The staff's side: the meters table and the action buttons the server offers now. */
function StaffTools({ jobId, usage }: { jobId: number; usage: JobUsage }) {
  const act = useUsageAction(jobId);
  const [running, setRunning] = useState<UsageAction | null>(null);
  const [confirmResend, setConfirmResend] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const offered = new Set(usage.actions);

  const run = (action: UsageAction, meterIds?: string[], done?: string) => {
    setRefusal(null);
    setRunning(action);
    act.mutate(
      { action, ...(meterIds ? { meter_ids: meterIds } : {}) },
      {
        onSuccess: () => done && successToast(done),
        // 409 / 422 / 503 are the panel's to say; any other status was already toasted by the client.
        onError: (e) => e instanceof ApiError && [409, 422, 503].includes(e.status) && setRefusal(messageOf(e)),
        onSettled: () => {
          setRunning(null);
          setConfirmResend(false);
        },
      },
    );
  };
  const buttons = ACTION_BUTTONS.filter((b) => offered.has(b.action));

  return (
    <>
      {usage.meters.length > 0 && (
        <UsageMeters
          meters={usage.meters}
          canSelect={offered.has('select_meters')}
          saving={running === 'select_meters'}
          busy={act.isPending}
          onSave={(ids) => run('select_meters', ids, PANEL_TEXT.meters_saved)}
        />
      )}
      {refusal && (
        <Callout intent="warning" icon="warning-sign" compact className="usage-refusal" role="alert">
          {refusal}
        </Callout>
      )}
      {buttons.length > 0 && (
        <div className="usage-actions" role="group" aria-label="Usage actions">
          {buttons.map((b) => (
            <Button
              key={b.action}
              icon={b.icon}
              text={b.text}
              loading={running === b.action}
              disabled={act.isPending && running !== b.action}
              onClick={() => (b.action === 'resend_invite' ? setConfirmResend(true) : run(b.action, undefined, b.done))}
            />
          ))}
        </div>
      )}
      <Alert
        isOpen={confirmResend}
        icon="envelope"
        intent="primary"
        confirmButtonText="Resend invite"
        cancelButtonText="Cancel"
        loading={running === 'resend_invite'}
        onCancel={() => setConfirmResend(false)}
        onConfirm={() =>
          run('resend_invite', undefined, ACTION_BUTTONS.find((b) => b.action === 'resend_invite')?.done)
        }
      >
        {PANEL_TEXT.resend_confirm}
      </Alert>
    </>
  );
}

export function UsagePanel({ jobId, readOnly = false }: UsagePanelProps) {
  const query = useJobUsage(jobId);
  if (query.isLoading) return <Spinner size={20} className="usage-loading" aria-label="Loading energy usage" />;
  if (!query.data) {
    // Not this caller's to see (403, 404): the panel stays out of the way.
    if (!query.error || (query.error instanceof ApiError && [403, 404].includes(query.error.status))) return null;
    return (
      <Callout intent="danger" icon="error" compact className="usage-panel" title={PANEL_TEXT.load_failed}>
        {messageOf(query.error)}
      </Callout>
    );
  }
  const usage = query.data;
  if (!usage.collects) return null;
  // The server sends meters and actions to internal users only.
  const staff = !readOnly && (usage.actions.length > 0 || usage.meters.length > 0);
  return (
    <section className="usage-panel" aria-labelledby="usage-panel-title">
      <header className="usage-panel-header">
        <h2 id="usage-panel-title" className="job-section-title">
          {PANEL_TEXT.title}
        </h2>
        <UsageSummary usage={usage} />
      </header>
      {usage.in_progress && (
        <div className="usage-working" role="status">
          <Spinner size={14} /> {PANEL_TEXT.working}
        </div>
      )}
      {usage.consent === false && !usage.withdrawn_at && (
        <div className="muted usage-note">{PANEL_TEXT.consent_declined}</div>
      )}
      {usage.withdrawn_at && (
        <Callout intent="warning" icon="disable" compact className="usage-withdrawn">
          {PANEL_TEXT.consent_withdrawn(new Date(usage.withdrawn_at).toLocaleDateString())}
        </Callout>
      )}
      {usage.consent !== false && usage.homeowner_next_step && usage.overall.status !== 'complete' && (
        <div className="muted usage-note">
          {PANEL_TEXT.homeowner_next_step} {usage.homeowner_next_step}
        </div>
      )}
      {usage.months_required !== null && (
        <div className="muted usage-note">{PANEL_TEXT.months_required(usage.months_required)}</div>
      )}
      <UsageStages stages={usage.stages} />
      {usage.profile && <Profile profile={usage.profile} />}
      {staff && <StaffTools jobId={jobId} usage={usage} />}
    </section>
  );
}
