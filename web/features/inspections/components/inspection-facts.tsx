/** What an inspection's visit needs to know, as the queue's cards and the inspection's page show it. */

import type { ReactNode } from 'react';
import type { Visit } from '../../../../engine/api/inspections.ts';
import type { Inspection } from '../api/inspections.ts';

/** A fact: its label and what it says. */
export type Fact = [label: string, value: ReactNode];

/** A visit's time, in the zone its times were offered in (the inspector's): "Wed, Jun 3, 10:00 AM EDT". */
export const visitTime = (iso: string, zone: string) =>
  new Date(iso).toLocaleString('en-US', {
    timeZone: zone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });

/** Where the visit with the homeowner stands, in words. */
export function visitWords(v: Visit): string {
  if (v.state === 'confirmed' && v.visit_at) {
    const how = v.chosen_by_homeowner ? 'picked by the homeowner' : 'confirmed by the homeowner';
    return `${visitTime(v.visit_at, v.time_zone)}, ${how}${v.note ? `. Note: ${v.note}` : ''}`;
  }
  return `Offered, waiting on the homeowner: ${v.times.map((t) => visitTime(t, v.time_zone)).join('; ')}`;
}

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
    ...(i.visit ? [['Visit', visitWords(i.visit)] as Fact] : []),
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
