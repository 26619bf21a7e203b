/**
 * Ops' federal reporting panel (issue 44): each record's measure and kind, its state in words, what it misses before
 * it can be reported, the tool's id once accepted, and the tool's reasons when it refused it.
 */

import { afterEach, describe, expect, it } from 'vitest';
import { mount, type Mounted } from '../../../lib/testing/render.tsx';
import { ReportingPanel } from './reporting-panel.tsx';
import type { TrackingRecordView } from '../../../../engine/api/reporting.ts';

let shown: Mounted | undefined;
afterEach(async () => {
  await shown?.unmount();
  shown = undefined;
});

const base = { moment: '2026-10-01', missing: [], tool_id: null, errors: [], sent_at: null };
const RECORDS: TrackingRecordView[] = [
  { ...base, id: 1, measure: 'heat_pump', kind: 'reservation', state: 'accepted', tool_id: 'RSV-000007' },
  {
    ...base,
    id: 2,
    measure: 'heat_pump',
    kind: 'redemption',
    state: 'incomplete',
    missing: ['equipment cost and installation cost are not separated (Confirm project final costs)'],
  },
  {
    ...base,
    id: 3,
    measure: 'panel',
    kind: 'reservation',
    state: 'refused',
    errors: [{ path: '/address', message: 'a reservation of this upgrade is already active at this address' }],
  },
];

describe('reporting panel', () => {
  it('says each record’s state, what it misses, the tool’s id and its refusal', async () => {
    shown = await mount({ at: '/7', path: '/:id', element: <ReportingPanel records={RECORDS} /> });
    const items = Array.from(shown.host.querySelectorAll('.reporting-records > li'), (li) => li.textContent ?? '');
    expect(items).toHaveLength(3);
    expect(items[0]).toContain('Heat pump reservation');
    expect(items[0]).toContain('Accepted');
    expect(items[0]).toContain('RSV-000007');
    expect(items[1]).toContain('Missing information');
    expect(items[1]).toContain('equipment cost and installation cost are not separated');
    expect(items[2]).toContain('Refused');
    expect(items[2]).toContain('already active at this address');
    expect(items[2]).toContain('/address');
  });

  it('says when nothing is to report yet', async () => {
    shown = await mount({ at: '/7', path: '/:id', element: <ReportingPanel records={[]} /> });
    expect(shown.host.textContent).toContain('Nothing to report yet');
  });
});
