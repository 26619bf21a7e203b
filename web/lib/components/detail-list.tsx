/** Label / value pairs of a record, two columns on wide screens, one on a phone. Empty values read '—'. */

import type { ReactNode } from 'react';
import './detail-list.css';

export interface DetailItem {
  label: string;
  value: ReactNode;
  /** Take the whole row (long text). */
  wide?: boolean;
}

export function DetailList({ items }: { items: DetailItem[] }) {
  return (
    <dl className="detail-list">
      {items.map((i) => (
        <div key={i.label} className={i.wide ? 'detail-list-item detail-list-wide' : 'detail-list-item'}>
          <dt>{i.label}</dt>
          <dd>
            {i.value === null || i.value === undefined || i.value === '' ? <span className="muted">—</span> : i.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
