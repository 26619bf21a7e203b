/**
 * The meters found on the homeowner's utility account (internal users only): service, meter number,
 * SAID, readings so far, whether it is used (a checkbox while the selection may be changed) and whether
 * it is subscribed to ongoing data; "Save meter selection" sends the ticked ones.
 */

import { Button, Checkbox, HTMLTable, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import type { JobUsage } from '../api/get-job-usage.ts';
import { PANEL_TEXT, SERVICE_LABEL } from './usage-text.ts';

type Meter = JobUsage['meters'][number];

export interface UsageMetersProps {
  meters: Meter[];
  /** The selection may be changed now (select_meters is among the actions). */
  canSelect: boolean;
  saving: boolean;
  /** Another action is out: wait. */
  busy: boolean;
  onSave: (meterIds: string[]) => void;
}

const selectedOf = (meters: Meter[]) => meters.filter((m) => m.selected).map((m) => m.id);
const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

export function UsageMeters({ meters, canSelect, saving, busy, onSave }: UsageMetersProps) {
  // The ticks are the server's until someone changes one; then theirs until saved (the answer resets them).
  const server = selectedOf(meters);
  const [edited, setEdited] = useState<{ from: string[]; ids: string[] } | null>(null);
  const ticked = edited && sameSet(edited.from, server) ? edited.ids : server;
  const changed = !sameSet(ticked, server);
  const [tried, setTried] = useState(false);
  const none = tried && ticked.length === 0;

  const toggle = (id: string, on: boolean) => {
    setTried(false);
    setEdited({ from: server, ids: on ? [...ticked, id] : ticked.filter((x) => x !== id) });
  };
  const save = () => {
    setTried(true);
    if (!ticked.length) return;
    onSave(meters.map((m) => m.id).filter((id) => ticked.includes(id)));
  };

  return (
    <section className="usage-meters" aria-labelledby="usage-meters-title">
      <h3 id="usage-meters-title" className="usage-stage-title">
        {PANEL_TEXT.meters}
      </h3>
      <div className="usage-table-scroll" tabIndex={0} role="region" aria-labelledby="usage-meters-title">
        <HTMLTable compact className="usage-meters-table">
          <thead>
            <tr>
              <th>Use</th>
              <th>Service</th>
              <th>Meter number</th>
              <th>SAID</th>
              <th className="usage-numeric">Readings</th>
              <th>Ongoing data</th>
            </tr>
          </thead>
          <tbody>
            {meters.map((m) => (
              <tr key={m.id}>
                <td>
                  <Checkbox
                    className="usage-meter-check"
                    checked={ticked.includes(m.id)}
                    disabled={!canSelect || saving}
                    onChange={(e) => toggle(m.id, e.currentTarget.checked)}
                    aria-label={`Use meter ${m.meter_number}`}
                  />
                </td>
                <td>{SERVICE_LABEL[m.service]}</td>
                <td className="usage-code">{m.meter_number}</td>
                <td className="usage-code">{m.said}</td>
                <td className="usage-numeric">
                  {m.readings.toLocaleString()}
                  {m.collected_before_withdrawal && <span className="muted"> (before the withdrawal)</span>}
                </td>
                <td>
                  {m.subscribed ? (
                    <Tag minimal intent="success" icon="tick">
                      Subscribed
                    </Tag>
                  ) : (
                    <Tag minimal>Not subscribed</Tag>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      {none && (
        <div className="usage-error" role="alert">
          {PANEL_TEXT.no_meters}
        </div>
      )}
      {canSelect && (
        <div className="usage-actions">
          <Button
            icon="floppy-disk"
            text={PANEL_TEXT.save_meters}
            intent={changed ? 'primary' : 'none'}
            loading={saving}
            disabled={busy || !changed}
            onClick={save}
          />
        </div>
      )}
    </section>
  );
}
