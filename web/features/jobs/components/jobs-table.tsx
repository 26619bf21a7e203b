/**
 * The jobs table: name (a link to the job) with its code and flags, address and city, contractor,
 * program and stage badges, eligibility, action owners (ops) or the next step and whose it is (a contractor),
 * and days in stage, red past the remembered SLA of the job's stage tab.
 * A whole row opens the job; on a phone each row is a card.
 */

import { Icon, Tag, type Intent } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import {
  ELIGIBILITY_STATUS_LABELS,
  type ActionOwnerRole,
  type EligibilityStatus,
} from '../../../../engine/constants.ts';
import { isOverSla, type SlaDaysByTab } from '../../../../engine/preferences.ts';
import { DataTable, type Column } from '../../../lib/components/data-table.tsx';
import type { JobItem } from '../api/list-jobs.ts';

const ELIGIBILITY_INTENT: Record<string, Intent> = {
  eligible: 'success',
  ineligible: 'danger',
  pending_more_information: 'warning',
  unable_to_determine: 'none',
};

/** How an eligibility status reads. */
export const eligibilityLabel = (e: string) =>
  ELIGIBILITY_STATUS_LABELS[e as EligibilityStatus] ?? e.replace(/_/g, ' ');

function JobName({ job, showNotes }: { job: JobItem; showNotes: boolean }) {
  return (
    <div className="job-name-cell">
      <Link to={`/${job.id}`}>{job.full_name}</Link>
      <div className="job-code-line">
        <code className="job-code">{job.code}</code>
        {job.has_ops_task_exception && (
          <Tag intent="danger" minimal icon="flag">
            Ops flag
          </Tag>
        )}
        {job.has_contractor_task_exception && (
          <Tag intent="warning" minimal icon="flag">
            Contractor flag
          </Tag>
        )}
        {job.is_claimed && (
          <Tag minimal icon="hand">
            Claimed
          </Tag>
        )}
      </div>
      {showNotes && job.exception_notes && (
        <div className="job-notes">
          <Icon icon="info-sign" size={12} /> {job.exception_notes}
        </div>
      )}
    </div>
  );
}

const ownerLabel = (o: string) => o.charAt(0).toUpperCase() + o.slice(1).replace(/_/g, ' ');

/** Whom a job waits on, as a card's sentence names them. */
const WAITING_ON: Record<ActionOwnerRole, string> = {
  homeowner: 'the homeowner',
  contractor: 'the contractor',
  ops: 'the program’s operations team',
  finance: 'the program’s finance team',
  program: 'the program',
  pe: 'the program evaluator',
  program_manager: 'the program manager',
  partner_manager: 'the partner manager',
};

/** The job's next step: the viewer's own task, or whom the job waits on and for what. */
function NextStep({ job }: { job: JobItem }) {
  const step = job.next_step;
  if (job.is_canceled) return <span className="muted">Canceled</span>;
  if (!step) return <span className="muted">Nothing to do</span>;
  return step.yours ? (
    <div className="job-next-step is-yours">
      <Tag intent="primary" minimal icon="arrow-right">
        Your next step
      </Tag>{' '}
      {step.title}
    </div>
  ) : (
    <div className="job-next-step">
      <span className="muted">Waiting for {WAITING_ON[step.owner]}:</span> {step.title}
    </div>
  );
}

/** The columns; a contractor sees only its own company's jobs, so no contractor column for it. */
function columns(sla: SlaDaysByTab, showNotes: boolean, showContractor: boolean): Column<JobItem>[] {
  const all: (Column<JobItem> | false)[] = [
    { key: 'name', label: 'Job', render: (j) => <JobName job={j} showNotes={showNotes} />, className: 'col-name' },
    {
      key: 'address',
      label: 'Address',
      render: (j) => [j.address, j.city].filter(Boolean).join(', '),
      className: 'col-address',
    },
    showContractor && {
      key: 'contractor',
      label: 'Contractor',
      render: (j) => j.contractor ?? '—',
      className: 'col-contractor',
    },
    { key: 'program', label: 'Program', render: (j) => <Tag minimal>{j.program.name}</Tag>, nowrap: true },
    {
      key: 'stage',
      label: 'Stage',
      render: (j) =>
        j.is_canceled ? (
          <div>
            <Tag intent="danger" minimal>
              Canceled
            </Tag>
            {j.cancel_reason && <div className="job-cancel-reason">{j.cancel_reason}</div>}
          </div>
        ) : (
          <Tag intent="primary" minimal title={`Stage ${j.stage.number}`}>
            {j.stage.label}
          </Tag>
        ),
    },
    {
      key: 'eligibility',
      label: 'Eligibility',
      // Ops see why they marked a job ineligible (the field reaches ops only).
      render: (j) => (
        <div>
          <Tag minimal intent={ELIGIBILITY_INTENT[j.eligibility]}>
            {eligibilityLabel(j.eligibility)}
          </Tag>
          {j.ops_ineligible_reason && (
            <div className="job-cancel-reason" title="Marked ineligible by ops">
              {j.ops_ineligible_reason}
            </div>
          )}
        </div>
      ),
    },
    // Ops read every owner (their filter's column); a contractor reads the next step and whose it is.
    showContractor
      ? {
          key: 'owners',
          label: 'Action owners',
          render: (j) => j.action_owners.map(ownerLabel).join(', ') || '—',
          className: 'col-owners',
        }
      : { key: 'next', label: 'Next step', render: (j) => <NextStep job={j} />, className: 'col-next' },
    {
      key: 'days',
      label: 'Days in stage',
      numeric: true,
      nowrap: true,
      render: (j) =>
        isOverSla(sla, j.stage.tab, j.days_in_stage) ? (
          <span
            className="over-sla"
            title={`Over the ${sla[j.stage.tab as keyof SlaDaysByTab]}-day SLA of ${j.stage.tab}`}
          >
            <Icon icon="time" size={12} /> {j.days_in_stage}
          </span>
        ) : (
          j.days_in_stage
        ),
    },
  ];
  return all.filter((c): c is Column<JobItem> => !!c);
}

export interface JobsTableProps {
  rows: JobItem[] | undefined;
  loading: boolean;
  /** SLA days per stage tab (a tab without one highlights nothing). */
  sla: SlaDaysByTab;
  showNotes: boolean;
  showContractor: boolean;
  emptyTitle: string;
  emptyAction?: React.ReactNode;
}

export function JobsTable({ rows, loading, sla, showNotes, showContractor, emptyTitle, emptyAction }: JobsTableProps) {
  return (
    <div className="jobs-table">
      <DataTable
        label="Jobs"
        columns={columns(sla, showNotes, showContractor)}
        rows={rows}
        rowKey={(j) => j.id}
        rowHref={(j) => `/${j.id}`}
        loading={loading}
        emptyTitle={emptyTitle}
        emptyIcon="folder-open"
        emptyAction={emptyAction}
      />
    </div>
  );
}
