import { describe, expect, it } from 'vitest';
import { describeLogic, describeVar } from './describe.ts';

describe('JSON-Logic as readable text', () => {
  it.each([
    [
      { '==': [{ var: 'provide_income_estimate.income_level' }, 'above_ami_150'] },
      'provide income estimate: income level is above_ami_150',
    ],
    [{ '!=': [{ var: 'job.state' }, 'WI'] }, 'state is not WI'],
    [
      { and: [{ '>=': [{ var: 'a.x' }, 200] }, { or: [{ var: 'b.y' }, { '!': [{ var: 'b.z' }] }] }] },
      'a: x is at least 200 and (b: y or not (b: z))',
    ],
    [
      { in: ['heat_pump', { var: 'provide_services.services_being_installed' }] },
      'provide services: services being installed includes heat_pump',
    ],
    [{ in: [{ var: 'job.county' }, ['Marin', 'San Mateo']] }, 'county is one of [Marin, San Mateo]'],
    [{ '<=': [-50, { var: 'f.t' }, 100] }, 'f: t is between -50 and 100'],
    [
      { min: [{ var: 'c.cost' }, { var: 'constants.caps.heat_pump' }] },
      'the smaller of c: cost and constant caps.heat pump',
    ],
    [{ percent_of: [{ var: 'c.total' }, 75] }, '75% of c: total'],
    [
      { '>': [{ days_between: [{ var: 'i.install_completion_date' }, { var: 'derived.submission_date' }] }, 90] },
      'days from i: install completion date to submission date is more than 90',
    ],
    [{ if: [{ var: 'a.b' }, 1, 2] }, 'if a: b then 1, else 2'],
  ])('%j reads "%s"', (logic, text) => expect(describeLogic(logic)).toBe(text));
  it('names facts by task and field', () => {
    expect(describeVar('derived.in_service_area')).toBe('in service area');
    expect(describeVar('provide_site_details.primary_fuel_type')).toBe('provide site details: primary fuel type');
  });
  it('falls back to JSON for shapes it does not know', () => {
    expect(describeLogic({ a: 1, b: 2 } as never)).toBe('{"a":1,"b":2}');
  });
});
