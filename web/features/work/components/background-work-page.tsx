/**
 * Background work (/background-work, ops): the work the portal does in the background (mail, documents)
 * that failed after its last attempt, newest first, with its last error; 'Retry' runs an item again.
 */

import { Button, NonIdealState } from '@blueprintjs/core';
import { DataTable, type Column } from '../../../lib/components/data-table.tsx';
import { PageHeading } from '../../../lib/components/page-heading.tsx';
import { ApiError, CLIENT_MESSAGES } from '../../../lib/api-client.ts';
import { useDeadWork, type WorkItem } from '../api/get-dead-work.ts';
import { useRetryWork } from '../api/retry-work.ts';
import { attemptsText, exactTime, kindLabel, relativeTime } from './work-text.ts';
import '../work.css';

function RetryButton({ item }: { item: WorkItem }) {
  const retry = useRetryWork();
  return (
    <Button
      icon="refresh"
      text="Retry"
      aria-label={`Retry ${kindLabel(item.kind)} #${item.id}`}
      loading={retry.isPending}
      onClick={() => retry.mutate(item.id)}
    />
  );
}

const COLUMNS: Column<WorkItem>[] = [
  {
    key: 'what',
    label: 'What',
    className: 'work-col-what',
    render: (w) => (
      <>
        <div className="work-kind">{kindLabel(w.kind)}</div>
        <div className="muted work-id">#{w.id}</div>
      </>
    ),
  },
  {
    key: 'failed',
    label: 'Last failed',
    nowrap: true,
    render: (w) => (
      <time dateTime={w.updated_at} title={exactTime(w.updated_at)}>
        {relativeTime(w.updated_at)}
      </time>
    ),
  },
  { key: 'attempts', label: 'Attempts', nowrap: true, render: (w) => attemptsText(w.attempts, w.max_attempts) },
  {
    key: 'error',
    label: 'Last error',
    className: 'work-col-error',
    render: (w) =>
      w.last_error ? (
        <code className="work-error">{w.last_error}</code>
      ) : (
        <span className="muted">No error recorded</span>
      ),
  },
  { key: 'retry', label: 'Action', className: 'work-col-action', render: (w) => <RetryButton item={w} /> },
];

export function Component() {
  const list = useDeadWork();
  return (
    <>
      <PageHeading
        title="Background work"
        subtitle="Work the portal does in the background — mail, documents — that failed after every retry. Fix the cause, then retry."
      />
      {list.isError && !list.data ? (
        <NonIdealState
          className="page-state"
          icon="error"
          title={list.error instanceof ApiError ? list.error.message : CLIENT_MESSAGES.unexpected}
          action={<Button text="Try again" icon="refresh" onClick={() => void list.refetch()} />}
        />
      ) : (
        <DataTable
          label="Failed background work"
          columns={COLUMNS}
          rows={list.data}
          rowKey={(w) => w.id}
          loading={list.isFetching}
          emptyIcon="tick-circle"
          emptyTitle="No failed background work."
        />
      )}
    </>
  );
}
