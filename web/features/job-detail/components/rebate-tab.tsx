/**
 * Rebate amount and payment: the initial range, then the final amount, then the payment sent (spec
 * sect. 4), and the line items with their caps and how each is worked out (in the program's words);
 * ops also get a "Why?" per line: the values its rule read, then the rule as traced.
 */

import { Callout, HTMLTable, Icon, Tag } from '@blueprintjs/core';
import type { IncentiveResult } from '../../../../engine/types.ts';
import { payeeOf } from '../../../../engine/results.ts';
import { dollars } from '../../../forms/values.ts';
import type { JobDetail } from '../api/get-job.ts';
import type { Viewer } from './job-text.ts';
import { PaymentOverridePanel } from './payment-override-panel.tsx';
import { BudgetPanel } from './budget-panel.tsx';
import { QualityPanel } from './quality-panel.tsx';
import { CompletionRecord } from './completion-record.tsx';
import { ReportingPanel } from './reporting-panel.tsx';
import { PAYMENT_MESSAGES } from '../../../../engine/api/payments.ts';

const PHASES = [
  { id: 'range', label: 'Initial range' },
  { id: 'final', label: 'Final amount' },
  { id: 'payment_sent', label: 'Payment sent' },
] as const;

/** Under a final amount the program shared (incentives.shared_amount): the line items are its calculation. */
export const SHARED_NOTE = 'Final rebate amount, as the program shared it (the line items below are its calculation)';

/** The spec's message when the incentive cannot be computed (sect. 8). */
export const INCENTIVE_ERROR = 'The incentive could not be calculated. Please check the job details and try again.';

/** Who a job's people are, by name: whom its payment is sent to (engine payeeOf). */
export interface JobNames {
  contractor: string | null;
  homeowner: string;
}

/** "Payment sent $X to <payee> on <date>": the amount, whom the program paid, and when. */
export function paymentSentText(incentive: IncentiveResult, names: JobNames): string {
  const p = incentive.payment;
  const amount = dollars(p?.amount_cents ?? incentive.final_cents ?? 0);
  const to = payeeOf(p?.paid_to, names.contractor, names.homeowner);
  const on = p?.sent_date ? ` on ${new Date(`${p.sent_date}T12:00:00`).toLocaleDateString()}` : '';
  return `Payment sent ${amount} to ${to}${on}`;
}

function Headline({ incentive, names }: { incentive: IncentiveResult; names: JobNames }) {
  if (incentive.phase === 'payment_sent') {
    const p = incentive.payment;
    return (
      <div className="rebate-amount">
        <div className="rebate-figure">{dollars(p?.amount_cents ?? incentive.final_cents ?? 0)}</div>
        <div className="muted rebate-payment-sent">{paymentSentText(incentive, names)}</div>
      </div>
    );
  }
  if (incentive.phase === 'final' && incentive.final_cents !== null) {
    return (
      <div className="rebate-amount">
        <div className="rebate-figure">{dollars(incentive.final_cents)}</div>
        <div className="muted">{incentive.shared ? SHARED_NOTE : 'Final rebate amount'}</div>
      </div>
    );
  }
  const { min_cents, max_cents } = incentive.range;
  return (
    <div className="rebate-amount">
      <div className="rebate-figure">
        {min_cents === max_cents ? dollars(max_cents) : `${dollars(min_cents)} – ${dollars(max_cents)}`}
      </div>
      <div className="muted">Estimated rebate range, before the final costs are confirmed</div>
    </div>
  );
}

/** Ops only: what the line's rule read, in words, then the rule as traced (ids and paths), behind "Why?". */
function LineWhy({ why, trace }: { why?: string; trace?: string }) {
  return (
    <details className="rebate-why">
      <summary>Why?</summary>
      {why && <div>It used {why}</div>}
      {trace && <div className="muted">{trace}</div>}
    </details>
  );
}

export function RebateSummary({
  incentive,
  viewer,
  names,
}: {
  incentive: IncentiveResult;
  viewer: Viewer;
  names: JobNames;
}) {
  const at = PHASES.findIndex((p) => p.id === incentive.phase);
  const final = incentive.phase !== 'range';
  const notes = incentive.lines.some(
    (l) =>
      l.capped_by ||
      l.not_qualified ||
      l.material_cents !== undefined ||
      (viewer === 'ops' && (l.why || l.explanation)),
  );
  return (
    <div className="rebate-summary">
      <ol className="rebate-phases" aria-label="Rebate progress">
        {PHASES.map((p, i) => (
          <li
            key={p.id}
            className={i < at ? 'rebate-phase-done' : i === at ? 'rebate-phase-current' : 'rebate-phase-next'}
            aria-current={i === at ? 'step' : undefined}
          >
            {i < at ? <Icon icon="tick" size={12} /> : <span className="rebate-phase-dot" />} {p.label}
          </li>
        ))}
      </ol>
      {incentive.error ? (
        <Callout intent="warning" icon="warning-sign">
          {incentive.error || INCENTIVE_ERROR}
        </Callout>
      ) : (
        <Headline incentive={incentive} names={names} />
      )}
      {viewer === 'ops' && incentive.shared_above_rules && incentive.phase !== 'payment_sent' && (
        <Callout intent="warning" icon="warning-sign" className="rebate-below-shared">
          <strong>
            {PAYMENT_MESSAGES.rules_below_shared(
              incentive.shared_above_rules.rules_cents,
              incentive.shared_above_rules.shared_cents,
            )}
          </strong>{' '}
          {PAYMENT_MESSAGES.share_again}
        </Callout>
      )}
      {viewer === 'ops' && incentive.shared_capped && (
        <div className="muted rebate-shared-capped">
          {dollars(incentive.shared_capped.shared_cents)} was shared; the program’s caps allow{' '}
          {dollars(incentive.shared_capped.cap_cents)} for this job.
        </div>
      )}
      {incentive.lines.length > 0 && (
        // Scrolls sideways on a phone: focusable, so a keyboard reaches the columns past the edge (axe).
        <div className="rebate-lines-scroll" tabIndex={0} role="region" aria-label="Rebate lines">
          <HTMLTable className="rebate-lines" compact striped>
            <thead>
              <tr>
                <th>Line item</th>
                <th className="num">{incentive.shared ? 'Calculated' : final ? 'Amount' : 'Estimate'}</th>
                {notes && <th>Cap and notes</th>}
              </tr>
            </thead>
            <tbody>
              {incentive.lines.map((l) => (
                <tr key={l.id}>
                  <td>
                    {l.label}
                    {l.description && <div className="muted rebate-line-description">{l.description}</div>}
                  </td>
                  <td className="num">
                    {final || l.min_cents === l.max_cents
                      ? dollars(l.amount_cents)
                      : `${dollars(l.min_cents)} – ${dollars(l.max_cents)}`}
                  </td>
                  {notes && (
                    <td>
                      {l.capped_by && (
                        <Tag minimal intent="warning">
                          Capped at {dollars(l.capped_by.cap_cents)} (calculated {dollars(l.capped_by.uncapped_cents)})
                        </Tag>
                      )}
                      {l.not_qualified && <div className="rjsf-bp-warning">{l.not_qualified}</div>}
                      {l.material_cents !== undefined && l.labor_cents !== undefined && (
                        <div className="muted rebate-split">
                          Material {dollars(l.material_cents)} · Labor {dollars(l.labor_cents)}
                        </div>
                      )}
                      {viewer === 'ops' && (l.why || l.explanation) && <LineWhy why={l.why} trace={l.explanation} />}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
    </div>
  );
}

export function RebateCard({ job, viewer }: { job: JobDetail; viewer: Viewer }) {
  return (
    <>
      <RebateSummary
        incentive={job.evaluation.incentive}
        viewer={viewer}
        names={{ contractor: job.contractor, homeowner: job.full_name }}
      />
      {job.completion_record && <CompletionRecord jobId={job.id} jobCode={job.code} record={job.completion_record} />}
      {viewer !== 'homeowner' && job.budget && <BudgetPanel budget={job.budget} />}
      <QualityPanel job={job} viewer={viewer} />
      {viewer === 'ops' && job.reporting && <ReportingPanel records={job.reporting} />}
      {viewer === 'ops' && <PaymentOverridePanel jobId={job.id} />}
    </>
  );
}
