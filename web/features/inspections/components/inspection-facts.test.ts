/** The visit with the homeowner, in words on the inspector's day and the inspection's page. */

import { describe, expect, it } from 'vitest';
import type { Visit } from '../../../../engine/api/inspections.ts';
import { visitTime, visitWords } from './inspection-facts.tsx';

const offered: Visit = {
  state: 'proposed',
  times: ['2026-06-03T14:00:00.000Z', '2026-06-04T18:30:00.000Z'],
  time_zone: 'America/New_York',
  visit_at: null,
  chosen_by_homeowner: false,
  note: null,
  proposed_at: '2026-06-01T15:00:00.000Z',
  answered_at: null,
};

describe('visit words', () => {
  it('writes a time in the zone the times were offered in', () => {
    expect(visitTime('2026-06-03T14:00:00.000Z', 'America/New_York')).toBe('Wed, Jun 3, 10:00 AM EDT');
    expect(visitTime('2026-06-03T14:00:00.000Z', 'America/Los_Angeles')).toBe('Wed, Jun 3, 7:00 AM PDT');
  });

  it('says the times offered while the homeowner has not answered', () => {
    expect(visitWords(offered)).toBe(
      'Offered, waiting on the homeowner: Wed, Jun 3, 10:00 AM EDT; Thu, Jun 4, 2:30 PM EDT',
    );
  });

  it('says the time confirmed, whether the homeowner picked it, and their note', () => {
    const taken = { ...offered, state: 'confirmed' as const, visit_at: offered.times[0] };
    expect(visitWords(taken)).toBe('Wed, Jun 3, 10:00 AM EDT, confirmed by the homeowner');
    const picked = {
      ...taken,
      visit_at: '2026-06-05T13:00:00.000Z',
      chosen_by_homeowner: true,
      note: 'Gate code 4411',
    };
    expect(visitWords(picked)).toBe('Fri, Jun 5, 9:00 AM EDT, picked by the homeowner. Note: Gate code 4411');
  });
});
