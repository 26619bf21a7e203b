/**
 * Ops: the job's records for DOE's tracking tool (issue 44): each reported measure's reservation and redemption, what
 * it still misses before it can be reported, the tool's id once accepted, or its reasons when it refused it.
 */

import { Tag, type Intent } from '@blueprintjs/core';
import type { TrackingRecordView } from '../../../../engine/api/reporting.ts';

const STATE: Record<TrackingRecordView['state'], { label: string; intent: Intent }> = {
  incomplete: { label: 'Missing information', intent: 'warning' },
  pending: { label: 'Ready to report', intent: 'primary' },
  accepted: { label: 'Accepted', intent: 'success' },
  refused: { label: 'Refused', intent: 'danger' },
};

const words = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).replace(/_/g, ' ');

export function ReportingPanel({ records }: { records: TrackingRecordView[] }) {
  return (
    <section className="reporting-panel" aria-labelledby="reporting-title">
      <h4 id="reporting-title" className="bp6-heading">
        Federal reporting
      </h4>
      {records.length === 0 ? (
        <p className="muted">Nothing to report yet: a reservation is reported once the budget is reserved.</p>
      ) : (
        <ul className="reporting-records">
          {records.map((r) => (
            <li key={r.id}>
              <div className="reporting-head">
                <strong>
                  {words(r.measure)} {r.kind}
                </strong>
                <Tag minimal intent={STATE[r.state].intent}>
                  {STATE[r.state].label}
                </Tag>
                {r.tool_id && <span className="muted">{r.tool_id}</span>}
              </div>
              {r.missing.length > 0 && (
                <ul className="reporting-missing">
                  {r.missing.map((m) => (
                    <li key={m}>{m}</li>
                  ))}
                </ul>
              )}
              {r.errors.length > 0 && (
                <ul className="reporting-errors">
                  {r.errors.map((e) => (
                    <li key={`${e.path}:${e.message}`}>
                      {e.message}
                      {e.path && <span className="muted"> ({e.path})</span>}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
