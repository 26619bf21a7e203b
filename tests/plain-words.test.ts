/**
 * Definition keys in words (engine/plain-words.ts), over the repository's definitions: what a pending
 * eligibility check needs is said by task and field titles, options by their labels, program values by
 * label; every need of every program's eligibility rules reads without a key.
 */

import { describe, expect, it } from 'vitest';
import { plainWords } from '../engine/index.ts';
import { loadRepo } from './load-repo.ts';

const defs = loadRepo();
const wi = plainWords(defs.programs['wi-hear'], defs.forms);
const KEYISH = /[a-z0-9]_[a-z0-9]|[a-z]\.[a-z]/i;
/** A field's title in a form. */
const title = (form: string, field: string) =>
  (defs.forms[form].schema.properties as Record<string, { title: string }>)[field].title;

describe('plain words of the definitions', () => {
  it('groups what pending checks need by task, in task order, with the job fields first', () => {
    expect(
      wi.missing([
        'provide_services.services_being_installed',
        'provide_income_estimate.income_level',
        'job.county',
        'provide_services.services_being_installed',
      ]),
    ).toEqual([
      { task: null, title: 'Job details', fields: ['County'] },
      {
        task: 'provide_income_estimate',
        title: defs.forms.provide_income_estimate.title,
        fields: [title('provide_income_estimate', 'income_level')],
      },
      { task: 'provide_services', title: 'Services', fields: ['Services being installed'] },
    ]);
  });

  it('says an option by its form label, a list of options joined, yes/no, and an unanswered fact', () => {
    expect(wi.value('above_ami_150', 'provide_income_estimate.income_level')).toBe(
      'Above 150% of the area median income',
    );
    expect(wi.value(['heat_pump', 'electric_furnace'], 'provide_services.services_being_installed')).toBe(
      'Heat pump, Electric furnace',
    );
    expect(wi.value(true)).toBe('Yes');
    expect(wi.value(undefined, 'job.county')).toBe('not answered');
  });

  it('names a program value by its key in words and its options by their labels (no constants. path)', () => {
    expect(wi.fact('constants.eligible_building_types').field).toBe('Eligible building types');
    expect(wi.value(defs.programs['wi-hear'].constants.eligible_building_types)).toContain('Single-family detached');
  });

  it('says the values a rule read by their labels, leaving out whole tables and maps', () => {
    expect(
      wi.read({
        'provide_income_estimate.income_level': 'below_ami_80',
        'constants.hear_percent_by_income_level': { below_ami_80: 100 },
      }),
    ).toBe(
      `${title('provide_income_estimate', 'income_level')} (Income estimate): Below 80% of the area median income`,
    );
  });

  it.each(Object.keys(defs.programs))('every eligibility need of %s reads in words (no key, no path)', (id) => {
    const w = plainWords(defs.programs[id], defs.forms);
    for (const rule of defs.programs[id].eligibility) {
      for (const g of w.missing(rule.needs))
        expect(`${g.title}: ${g.fields.join(', ')}`, `${id} ${rule.id}`).not.toMatch(KEYISH);
    }
  });
});
