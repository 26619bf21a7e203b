/** What an inspection's visit needs to know, as the queue's cards and the inspection's page show it. */

import type { ReactNode } from 'react';
import type { Inspection } from '../api/inspections.ts';

/** A fact: its label and what it says. */
export type Fact = [label: string, value: ReactNode];

/**
 * A definition list of the inspection's facts: `before`, then whom to call (the homeowner, the phone a link) and whose
 * work it is, then `after`.
 */
export function InspectionFacts({ i, before = [], after = [] }: { i: Inspection; before?: Fact[]; after?: Fact[] }) {
  const homeowner = (
    <>
      {i.homeowner.name}
      {i.homeowner.phone && (
        <>
          {' · '}
          <a href={`tel:${i.homeowner.phone}`}>{i.homeowner.phone}</a>
        </>
      )}
    </>
  );
  const facts: Fact[] = [
    ...before,
    ['Homeowner', homeowner],
    ['Contractor', i.contractor?.name ?? 'None recorded'],
    ...after,
  ];
  return (
    <dl className="inspection-facts">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
