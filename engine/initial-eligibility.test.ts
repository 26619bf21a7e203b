import { describe, expect, it } from 'vitest';
import { initialEligibility } from './initial-eligibility.ts';
import { demoProgram, loadDemo } from './testing/fixtures.ts';

describe('initial eligibility of a place', () => {
  const program = demoProgram();
  it('matches state and county or zip code, and the submission window', () => {
    expect(initialEligibility([program], { state: 'CA', county: 'Alameda' }, '2026-06-01')).toEqual([
      { program: 'demo', name: 'DEMO', in_service_area: true, accepting_submissions: true, eligible: true },
    ]);
    expect(
      initialEligibility([program], { state: 'CA', county: 'Marin', zip: '94110' }, '2026-06-01')[0].eligible,
    ).toBe(true);
    expect(
      initialEligibility([program], { state: 'CA', county: 'Marin', zip: '94901' }, '2026-06-01')[0].in_service_area,
    ).toBe(false);
    expect(initialEligibility([program], { state: 'CA', county: 'Alameda' }, '2027-01-01')[0]).toMatchObject({
      in_service_area: true,
      accepting_submissions: false,
      eligible: false,
    });
    expect(
      initialEligibility([program], { state: 'CA', county: 'Alameda' }, '2026-12-31')[0].accepting_submissions,
    ).toBe(true);
    expect(
      initialEligibility([program], { state: 'CA', county: 'Alameda' }, '2024-12-31')[0].accepting_submissions,
    ).toBe(false);
  });
  it('requires one of the listed utilities when the program lists utilities', () => {
    const withUtility = loadDemo({
      edit: (t) =>
        t.replace('zip_codes: ["94110"] }', 'zip_codes: ["94110"], utilities: { electric: [East Bay Power] } }'),
    }).programs.demo;
    expect(
      initialEligibility(
        [withUtility],
        { state: 'CA', county: 'Alameda', electric_utility: 'East Bay Power' },
        '2026-06-01',
      )[0].eligible,
    ).toBe(true);
    expect(
      initialEligibility([withUtility], { state: 'CA', county: 'Alameda', electric_utility: 'PG&E' }, '2026-06-01')[0]
        .eligible,
    ).toBe(false);
    expect(initialEligibility([withUtility], { state: 'CA', county: 'Alameda' }, '2026-06-01')[0].eligible).toBe(false);
  });
  it('an inactive program accepts nothing', () => {
    const inactive = loadDemo({ edit: (t) => t.replace('active: true', 'active: false') }).programs.demo;
    expect(
      initialEligibility([inactive], { state: 'CA', county: 'Alameda' }, '2026-06-01')[0].accepting_submissions,
    ).toBe(false);
  });
});
