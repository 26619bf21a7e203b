/**
 * An impact report as the Impact tab shows it: how many live jobs change eligibility (by reason), stage,
 * open tasks and rebate; the rebate change in dollars in total, by program and by county; and the changed
 * jobs, each with its outcome before and after and why. The jobs table scrolls in its own box.
 */

import { Card, HTMLTable, Tag } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import {
  formatCents,
  ELIGIBILITY_STATUS_LABELS,
  type EligibilityStatus,
  type ImpactOutcome,
  type ImpactReport,
} from '../../../../engine/index.ts';

/** How codes read in words (the program's stage labels, reason texts); a code is shown as is without one. */
export interface Labels {
  stage?: (n: number) => string | undefined;
  reason?: (code: string) => string | undefined;
}

/** Signed dollars: +$150.00, -$1,500.00. */
export const signedDollars = (cents: number) =>
  `${cents > 0 ? '+' : cents < 0 ? '−' : ''}$${formatCents(Math.abs(cents))}`;
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const jobsWord = (n: number) => `${n} ${n === 1 ? 'job' : 'jobs'}`;

/** A job's outcome; what differs from the other side's (`vs`) is marked. */
function Outcome({ o, vs, labels }: { o: ImpactOutcome; vs: ImpactOutcome; labels?: Labels }) {
  if (o.stage === null) return <span className="muted">not evaluated (no such program)</span>;
  const stage = labels?.stage?.(o.stage);
  const rebate =
    o.rebate_final_cents !== null
      ? `$${formatCents(o.rebate_final_cents)} final`
      : o.rebate_max_cents !== null
        ? `up to $${formatCents(o.rebate_max_cents)}`
        : 'no rebate';
  const mark = (differs: boolean) => (differs ? 'changed' : undefined);
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  return (
    <div className="outcome">
      <div className={mark(o.stage !== vs.stage)}>
        Stage {o.stage}
        {stage ? ` (${stage})` : ''}
      </div>
      <div className={mark(o.eligibility !== vs.eligibility || !same(o.reasons, vs.reasons))}>
        {o.eligibility ? capital(ELIGIBILITY_STATUS_LABELS[o.eligibility as EligibilityStatus] ?? o.eligibility) : ''}
        {o.reasons.length ? `: ${o.reasons.map((r) => labels?.reason?.(r) ?? r).join('; ')}` : ''}
      </div>
      <div
        className={mark(o.rebate_final_cents !== vs.rebate_final_cents || o.rebate_max_cents !== vs.rebate_max_cents)}
      >
        {rebate}
      </div>
      <div className={mark(!same(o.open_tasks, vs.open_tasks)) ?? 'muted'}>
        {o.open_tasks.length} open {o.open_tasks.length === 1 ? 'task' : 'tasks'}
      </div>
    </div>
  );
}

function Amounts({ title, amounts }: { title: string; amounts: Record<string, number> }) {
  const rows = Object.entries(amounts).sort((a, b) => a[1] - b[1]);
  if (!rows.length) return null;
  return (
    <div className="impact-amounts">
      <h5>{title}</h5>
      <HTMLTable compact className="amounts-table">
        <tbody>
          {rows.map(([k, cents]) => (
            <tr key={k}>
              <td>{k}</td>
              <td className={cents < 0 ? 'down' : cents > 0 ? 'up' : undefined}>{signedDollars(cents)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}

export function ImpactReportView({ report, labels }: { report: ImpactReport; labels?: Labels }) {
  const c = report.changed;
  const reasons = Object.entries(c.eligibility.by_reason);
  return (
    <div className="impact-report">
      <Card className="impact-summary">
        <h4>
          {report.jobs_evaluated} live {report.jobs_evaluated === 1 ? 'job' : 'jobs'} evaluated:{' '}
          {report.jobs.length ? `${jobsWord(report.jobs.length)} would change` : 'none would change'}
        </h4>
        <HTMLTable compact className="summary-table">
          <tbody>
            <tr>
              <th>Eligibility</th>
              <td>
                {jobsWord(c.eligibility.count)}
                {reasons.map(([r, n]) => (
                  <Tag key={r} minimal className="reason-tag" title={r}>{`${labels?.reason?.(r) ?? r}: ${n}`}</Tag>
                ))}
              </td>
            </tr>
            <tr>
              <th>Stage</th>
              <td>{jobsWord(c.stage)}</td>
            </tr>
            <tr>
              <th>Open tasks</th>
              <td>{jobsWord(c.tasks)}</td>
            </tr>
            <tr>
              <th>Rebate</th>
              <td>{jobsWord(c.rebate)}</td>
            </tr>
            <tr>
              <th>Rebates in total</th>
              <td
                className={report.dollars.total_cents < 0 ? 'down' : report.dollars.total_cents > 0 ? 'up' : undefined}
              >
                {signedDollars(report.dollars.total_cents)}
              </td>
            </tr>
          </tbody>
        </HTMLTable>
        <div className="impact-amounts-row">
          <Amounts title="By program" amounts={report.dollars.by_program} />
          <Amounts title="By county" amounts={report.dollars.by_county} />
        </div>
      </Card>
      {report.jobs.length > 0 && (
        <>
          <h4 className="changed-title">Changed jobs</h4>
          <div className="table-scroll impact-jobs-scroll">
            <HTMLTable compact striped className="impact-jobs">
              <thead>
                <tr>
                  <th>Job</th>
                  <th>Now</th>
                  <th>With the edit</th>
                  <th>Because</th>
                </tr>
              </thead>
              <tbody>
                {report.jobs.map((j) => (
                  <tr key={j.id} data-job={j.code}>
                    <td>
                      <Link to={`/${j.id}`}>{j.code}</Link>
                      {j.county && <div className="muted">{j.county}</div>}
                    </td>
                    <td>
                      <Outcome o={j.before} vs={j.after} labels={labels} />
                    </td>
                    <td>
                      <Outcome o={j.after} vs={j.before} labels={labels} />
                    </td>
                    <td className="because">
                      <ul>
                        {j.because.map((b, i) => (
                          <li key={i}>{b}</li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
        </>
      )}
    </div>
  );
}
