/**
 * Reconciliation (/reconciliation, ops): per program and month (UTC), the payments approved, the payables created, what
 * accounts payment paid and rejected, what finance recorded by hand, the budget's movements and each job whose money
 * does not add up; the ledger check on top; the same rows as a CSV download.
 */

import { Button, Callout, HTMLSelect, HTMLTable, InputGroup, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { dollars } from '../../../forms/values.ts';
import { ApiError, CLIENT_MESSAGES } from '../../../lib/api-client.ts';
import { PageHeading } from '../../../lib/components/page-heading.tsx';
import { errorToast } from '../../../lib/toaster.ts';
import {
  RECONCILIATION_DOWNLOAD_FAILED,
  downloadReconciliationCsv,
  useReconciliation,
  useReconciliationPrograms,
  type ReconciliationFilter,
  type ReconciliationMonth,
} from '../api/get-reconciliation.ts';
import '../reconciliation.css';

type Tally = ReconciliationMonth['paid'];

/** A count of events and their money: "$8,500.00" over "3 payments". */
function TallyCell({ t, noun }: { t: Tally; noun: string }) {
  if (!t.count) return <span className="muted">—</span>;
  return (
    <>
      {dollars(t.cents)}
      <div className="muted">
        {t.count} {noun}
        {t.count === 1 ? '' : 's'}
      </div>
    </>
  );
}

const MOVES = [
  ['allocated', 'Allocated'],
  ['adjusted', 'Adjusted'],
  ['reserved', 'Reserved'],
  ['released', 'Released'],
  ['committed', 'Committed'],
  ['uncommitted', 'Uncommitted'],
  ['spent', 'Spent'],
] as const;

function Movements({ m }: { m: ReconciliationMonth }) {
  if (!m.budget) return <span className="muted">No budget</span>;
  const moved = MOVES.filter(([k]) => m.budget![k] !== 0);
  if (!moved.length) return <span className="muted">No movement</span>;
  return (
    <dl className="reconciliation-moves">
      {moved.map(([k, label]) => (
        <div key={k}>
          <dt>{label}</dt>
          <dd>{dollars(m.budget![k])}</dd>
        </div>
      ))}
    </dl>
  );
}

function Differences({ m }: { m: ReconciliationMonth }) {
  if (!m.differences.length)
    return (
      <Tag minimal intent="success" icon="tick">
        None
      </Tag>
    );
  return (
    <ul className="reconciliation-differences">
      {m.differences.map((d, i) => (
        <li key={i} data-kind={d.kind}>
          <Link to={`/${d.job_id}`}>{d.job_code}</Link>: {d.message}
        </li>
      ))}
    </ul>
  );
}

function MonthRow({ m }: { m: ReconciliationMonth }) {
  return (
    <tr data-row={`${m.program_id}:${m.month}`}>
      <td>
        <strong>{m.program_name}</strong>
        <div className="muted">{m.month}</div>
      </td>
      <td className="num">
        <TallyCell t={m.approved} noun="approval" />
      </td>
      <td className="num">
        <TallyCell t={m.payables_created} noun="payable" />
      </td>
      <td className="num">
        <TallyCell t={m.paid} noun="payment" />
      </td>
      <td className="num">
        <TallyCell t={m.rejected} noun="rejection" />
      </td>
      <td className="num">
        <TallyCell t={m.paid_by_hand} noun="payment" />
      </td>
      <td>
        <Movements m={m} />
      </td>
      <td>
        <Differences m={m} />
      </td>
    </tr>
  );
}

function LedgerCheck({ lines }: { lines: string[] }) {
  if (!lines.length)
    return (
      <Callout className="reconciliation-note" intent="success" icon="tick-circle" title="The budget ledger agrees">
        Every budget's balances equal the sums of its jobs' entries.
      </Callout>
    );
  return (
    <Callout className="reconciliation-note" intent="warning" icon="warning-sign" title="The budget ledger differs">
      <ul>
        {lines.map((l) => (
          <li key={l}>{l}</li>
        ))}
      </ul>
    </Callout>
  );
}

export function Component() {
  const [filter, setFilter] = useState<ReconciliationFilter>({ program_id: '', month: '' });
  const [downloading, setDownloading] = useState(false);
  const q = useReconciliation(filter);
  const programs = useReconciliationPrograms();
  const download = async () => {
    setDownloading(true);
    try {
      await downloadReconciliationCsv(filter);
    } catch (e) {
      errorToast(e instanceof ApiError ? e.message : RECONCILIATION_DOWNLOAD_FAILED);
    } finally {
      setDownloading(false);
    }
  };
  const filters = (
    <div className="reconciliation-filters">
      <HTMLSelect
        aria-label="Program"
        value={filter.program_id}
        onChange={(e) => setFilter({ ...filter, program_id: e.currentTarget.value })}
        options={[
          { value: '', label: 'All programs' },
          ...(programs.data?.items ?? []).map((p) => ({ value: p.id, label: p.name })),
        ]}
      />
      <InputGroup
        type="month"
        aria-label="Month"
        value={filter.month}
        onChange={(e) => setFilter({ ...filter, month: e.currentTarget.value })}
      />
      <Button icon="download" text="Download CSV" loading={downloading} onClick={() => void download()} />
    </div>
  );
  let body;
  if (q.isError && !q.data)
    body = (
      <NonIdealState
        className="page-state"
        icon="error"
        title={q.error instanceof ApiError ? q.error.message : CLIENT_MESSAGES.unexpected}
        action={<Button text="Try again" icon="refresh" onClick={() => void q.refetch()} />}
      />
    );
  else if (!q.data) body = <Spinner className="page-state" aria-label="Loading" />;
  else
    body = (
      <>
        <LedgerCheck lines={q.data.ledger_differences} />
        {q.data.months.length ? (
          <div
            className="reconciliation-scroll"
            tabIndex={0}
            role="region"
            aria-label="Reconciliation by program and month"
          >
            <HTMLTable compact className="reconciliation-table">
              <thead>
                <tr>
                  <th>Program and month</th>
                  <th className="num">Approved</th>
                  <th className="num">Payables created</th>
                  <th className="num">Paid</th>
                  <th className="num">Rejected</th>
                  <th className="num">Paid by hand</th>
                  <th>Budget movements</th>
                  <th>Differences</th>
                </tr>
              </thead>
              <tbody>
                {q.data.months.map((m) => (
                  <MonthRow key={`${m.program_id}:${m.month}`} m={m} />
                ))}
              </tbody>
            </HTMLTable>
          </div>
        ) : (
          <NonIdealState
            className="page-state"
            icon="inbox"
            title="Nothing to reconcile"
            description="No payment was approved, paid or recorded, and no budget moved, for what you chose."
          />
        )}
      </>
    );
  return (
    <>
      <PageHeading
        title="Reconciliation"
        subtitle="Per program and month (UTC): what was approved, sent to accounts payment, paid and recorded by hand, how each budget moved, and every job whose money does not add up."
      />
      {filters}
      {body}
    </>
  );
}
