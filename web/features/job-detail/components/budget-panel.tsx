/**
 * What the program's budget holds for the job (ops and its contractor): its reservation and when it lapses, its place
 * on the waitlist, or what was committed and paid (issue 41).
 */

import { Callout } from '@blueprintjs/core';
import type { JobBudget } from '../../../../engine/api/budgets.ts';
import { dollars } from '../../../forms/values.ts';

const day = (iso: string) => new Date(iso).toLocaleDateString([], { dateStyle: 'medium' });

/** The panel's sentence for each state of the job's budget. */
export function budgetSentence(b: NonNullable<JobBudget>): { title: string; intent: 'none' | 'success' | 'warning' } {
  switch (b.status) {
    case 'reserved':
      return {
        title: `${dollars(b.reserved_cents)} reserved until ${b.expires_at ? day(b.expires_at) : 'payment'}`,
        intent: 'success',
      };
    case 'waitlisted':
      return {
        title: `Waitlisted: position ${b.waitlist_position} for ${dollars(b.waiting_cents ?? 0)}`,
        intent: 'warning',
      };
    case 'committed':
      return { title: `${dollars(b.committed_cents)} committed to the approved payment`, intent: 'success' };
    case 'paid':
      return { title: `${dollars(b.paid_cents)} paid from the budget`, intent: 'success' };
    case 'released':
      return { title: 'The reservation was released', intent: 'warning' };
    default:
      return { title: 'Nothing reserved yet: money is reserved once the job is submitted', intent: 'none' };
  }
}

export function BudgetPanel({ budget }: { budget: NonNullable<JobBudget> }) {
  const s = budgetSentence(budget);
  return (
    <Callout className="job-budget" icon="bank-account" intent={s.intent} title="Program budget">
      <span data-budget-status={budget.status}>{s.title}</span>
      {budget.territory && <div className="muted">{budget.territory}</div>}
    </Callout>
  );
}
