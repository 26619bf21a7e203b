/** A program's eligibility rules, incentive measures with caps, percentage caps, minimums and tables. */

import { Card, H5, HTMLTable, Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { formatCents, type Program, type SourceFile, type TableDef } from '../../../../engine/index.ts';
import { LogicText } from './logic-text.tsx';
import { SourceLink } from './source-link.tsx';
import { Fold } from './fold.tsx';

/** A lookup table as rows: each path of keys down to a value. */
function rowsOf(values: unknown, depth: number, prefix: string[] = []): { keys: string[]; value: unknown }[] {
  if (depth === 0 || values === null || typeof values !== 'object') return [{ keys: prefix, value: values }];
  return Object.entries(values as Record<string, unknown>).flatMap(([k, v]) => rowsOf(v, depth - 1, [...prefix, k]));
}

function TableView({ name, table }: { name: string; table: TableDef }) {
  const rows = rowsOf(table.values, table.keys.length);
  const money = table.unit === 'cents';
  return (
    <div className="lookup-table" tabIndex={0} role="region" aria-label={`Lookup table ${name}`}>
      <div className="lookup-title">
        <strong>{name}</strong> {table.description && <span className="muted">{table.description}</span>}
      </div>
      <HTMLTable compact striped>
        <thead>
          <tr>
            {table.keys.map((k) => (
              <th key={k}>{k}</th>
            ))}
            <th>{money ? 'amount' : (table.unit ?? 'value')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.keys.join('/')}>
              {r.keys.map((k, i) => (
                <td key={i}>{k}</td>
              ))}
              <td>{money && typeof r.value === 'number' ? `$${formatCents(r.value)}` : JSON.stringify(r.value)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}

/** A card of the program's rules, folded on a phone. */
function RulesCard({ title, phone, children }: { title: string; phone: boolean; children: ReactNode }) {
  return (
    <Card>
      <Fold open={!phone} title={<H5>{title}</H5>}>
        {children}
      </Fold>
    </Card>
  );
}

export function ProgramRules({
  program,
  files,
  phone = false,
}: {
  program: Program;
  files: SourceFile[];
  phone?: boolean;
}) {
  const inc = program.incentives;
  return (
    <div className="program-rules">
      <RulesCard phone={phone} title={`Eligibility (${program.eligibility.length} rules, in order)`}>
        <HTMLTable compact striped className="rules-table">
          <thead>
            <tr>
              <th>Reason</th>
              <th>Ineligible when</th>
              <th>Needs</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {program.eligibility.map((e) => (
              <tr key={e.id}>
                <td>
                  <Tag minimal intent="danger">
                    {e.reason}
                  </Tag>
                  <div>{e.reason_text}</div>
                </td>
                <td>
                  <LogicText logic={e.logic} />
                </td>
                <td>
                  {e.needs.map((n) => (
                    <code key={n} className="need">
                      {n}
                    </code>
                  ))}
                </td>
                <td>
                  <SourceLink range={e.source} files={files} />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </RulesCard>
      <RulesCard phone={phone} title="Incentives">
        <HTMLTable compact striped className="rules-table">
          <thead>
            <tr>
              <th>Measure</th>
              <th>Cap</th>
              <th>Amount</th>
              <th>Applies</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {inc.measures.map((m) => (
              <tr key={m.id}>
                <td>
                  <strong>{m.label}</strong>
                  <div className="muted">{m.id}</div>
                </td>
                <td>
                  {m.cap_cents !== undefined ? `$${formatCents(m.cap_cents)}` : <span className="muted">none</span>}
                </td>
                <td>
                  <LogicText logic={m.amount.logic} />
                </td>
                <td>
                  <LogicText logic={m.applies_if?.logic} prefix={m.applies_if ? 'when' : undefined} />
                </td>
                <td>
                  <SourceLink range={m.cap_source ?? m.amount.source} files={files} />
                </td>
              </tr>
            ))}
            {inc.total_cap && (
              <tr>
                <td>
                  <strong>{inc.total_cap.label}</strong>
                  <div className="muted">{inc.total_cap.id}</div>
                </td>
                <td>${formatCents(inc.total_cap.cap_cents)} in total</td>
                <td colSpan={2}>
                  of{' '}
                  {inc.total_cap.measures
                    ? inc.total_cap.measures.map((m) => (
                        <code key={m} className="need">
                          {m}
                        </code>
                      ))
                    : 'every measure'}
                </td>
                <td>
                  <SourceLink range={inc.total_cap.source} files={files} />
                </td>
              </tr>
            )}
            {inc.percent_cap && (
              <tr>
                <td>
                  <strong>{inc.percent_cap.label}</strong>
                  <div className="muted">{inc.percent_cap.id}</div>
                </td>
                <td>{inc.percent_cap.percent}%</td>
                <td colSpan={2}>
                  of <LogicText logic={inc.percent_cap.of.logic} />
                </td>
                <td>
                  <SourceLink range={inc.percent_cap.of.source} files={files} />
                </td>
              </tr>
            )}
            {inc.minimum && (
              <tr>
                <td>
                  <strong>{inc.minimum.label}</strong>
                  <div className="muted">{inc.minimum.id}</div>
                </td>
                <td>at least ${formatCents(inc.minimum.amount_cents)}</td>
                <td colSpan={2}>
                  <LogicText logic={inc.minimum.when.logic} prefix="when" />
                </td>
                <td>
                  <SourceLink range={inc.minimum.when.source} files={files} />
                </td>
              </tr>
            )}
          </tbody>
        </HTMLTable>
        {inc.invoice_split && (
          <p>
            Invoice split: {inc.invoice_split.material_percent}% material, {inc.invoice_split.labor_percent}% labor.
          </p>
        )}
        <p>
          Final amount when: <LogicText logic={inc.final_when.logic} />
        </p>
      </RulesCard>
      {Object.keys(program.tables).length > 0 && (
        <RulesCard phone={phone} title="Tables">
          {Object.entries(program.tables).map(([name, t]) => (
            <TableView key={name} name={name} table={t} />
          ))}
        </RulesCard>
      )}
      {Object.keys(program.constants).length > 0 && (
        <RulesCard phone={phone} title="Constants">
          <HTMLTable compact striped>
            <tbody>
              {Object.entries(program.constants).map(([k, v]) => (
                <tr key={k}>
                  <th>{k}</th>
                  <td>
                    <code>{JSON.stringify(v)}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </RulesCard>
      )}
    </div>
  );
}
