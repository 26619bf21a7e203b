/**
 * Budgets (/budgets, ops): each program's money per territory (allocation, reserved, committed, paid, available), the
 * jobs waiting for money in order, and the allocation's changes; ops adjust an allocation with a reason. The page
 * reads the budgets again whenever a job changes (the change feed), so a release and the promotion it causes show
 * without a reload.
 */

import { Button, Callout, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { dollars } from '../../../forms/values.ts';
import { ApiError, CLIENT_MESSAGES } from '../../../lib/api-client.ts';
import { PageHeading } from '../../../lib/components/page-heading.tsx';
import { useBudgets, type Budget } from '../api/get-budgets.ts';
import { AdjustDialog } from './adjust-dialog.tsx';
import '../budgets.css';

const PER = {
  program: 'Whole program',
  county: 'County',
  electric_utility: 'Electric utility',
  utility: 'Utility',
} as const;

const when = (iso: string) => new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });

/** A budget's name as ops read it: its territory, or the whole program. */
export const territoryLabel = (b: Pick<Budget, 'per' | 'territory'>) =>
  b.per === 'program' ? PER.program : b.territory ? `${PER[b.per]}: ${b.territory}` : `${PER[b.per]}: none recorded`;

function Waitlist({ b }: { b: Budget }) {
  if (!b.waitlist.length) return <span className="muted">Nobody waits</span>;
  return (
    <ol className="budget-waitlist" aria-label={`Waitlist of ${b.program_name} ${territoryLabel(b)}`}>
      {b.waitlist.map((w) => (
        <li key={w.job_id} data-position={w.position}>
          <Link to={`/${w.job_id}`}>{w.job_code}</Link> {dollars(w.amount_cents)}{' '}
          <span className="muted">since {when(w.queued_at)}</span>
        </li>
      ))}
    </ol>
  );
}

function Changes({ b }: { b: Budget }) {
  return (
    <ul className="budget-changes">
      {b.changes.slice(0, 5).map((c, i) => (
        <li key={i}>
          {c.amount_cents >= 0 ? '+' : '−'}
          {dollars(Math.abs(c.amount_cents))} {c.kind === 'allocate' ? 'from program.yaml' : `by ${c.by ?? 'ops'}`}
          {c.reason && c.kind === 'adjust' && <span>: {c.reason}</span>} <span className="muted">{when(c.at)}</span>
        </li>
      ))}
    </ul>
  );
}

function BudgetRow({ b, onAdjust }: { b: Budget; onAdjust: (b: Budget) => void }) {
  return (
    <tr data-budget={`${b.program_id}:${b.territory}`}>
      <td>
        <strong>{b.program_name}</strong>
        <div className="muted">
          {territoryLabel(b)} · holds {b.hold_days} days
        </div>
      </td>
      <td className="num">{dollars(b.allocation_cents)}</td>
      <td className="num">{dollars(b.reserved_cents)}</td>
      <td className="num">{dollars(b.committed_cents)}</td>
      <td className="num">{dollars(b.paid_cents)}</td>
      <td className="num">
        <Tag minimal intent={b.available_cents > 0 ? 'success' : 'warning'}>
          {dollars(b.available_cents)}
        </Tag>
      </td>
      <td>
        <Waitlist b={b} />
      </td>
      <td>
        <Changes b={b} />
        <Button small icon="edit" text="Adjust" onClick={() => onAdjust(b)} />
      </td>
    </tr>
  );
}

export function Component() {
  const q = useBudgets();
  const [adjusting, setAdjusting] = useState<Budget | null>(null);
  if (q.isError && !q.data)
    return (
      <NonIdealState
        className="page-state"
        icon="error"
        title={q.error instanceof ApiError ? q.error.message : CLIENT_MESSAGES.unexpected}
        action={<Button text="Try again" icon="refresh" onClick={() => void q.refetch()} />}
      />
    );
  if (!q.data) return <Spinner className="page-state" aria-label="Loading" />;
  return (
    <>
      <PageHeading
        title="Budgets"
        subtitle="Each program's money by territory: a submitted job reserves its estimate's maximum or waits in line; payment approval commits it and payment sent spends it."
      />
      <Callout className="budget-note" icon="info-sign">
        Available is the allocation less what is reserved, committed and paid. Money given back (a cancel, an expired
        reservation, an ineligible job, a raised allocation) goes to the first job in line at once.
      </Callout>
      <div className="budget-table-scroll" tabIndex={0} role="region" aria-label="Budgets by territory">
        <HTMLTable compact className="budget-table">
          <thead>
            <tr>
              <th>Budget</th>
              <th className="num">Allocation</th>
              <th className="num">Reserved</th>
              <th className="num">Committed</th>
              <th className="num">Paid</th>
              <th className="num">Available</th>
              <th>Waitlist</th>
              <th>Allocation changes</th>
            </tr>
          </thead>
          <tbody>
            {q.data.budgets.map((b) => (
              <BudgetRow key={`${b.program_id}:${b.territory}`} b={b} onAdjust={setAdjusting} />
            ))}
          </tbody>
        </HTMLTable>
      </div>
      {adjusting && <AdjustDialog budget={adjusting} onClose={() => setAdjusting(null)} />}
    </>
  );
}
