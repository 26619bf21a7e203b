import { describe, expect, it } from 'vitest';
import { evaluateJob } from './evaluate-job.ts';
import { demoProgram } from './testing/fixtures.ts';
import type { JobInput } from './types.ts';

const program = demoProgram();
const today = '2026-06-01';
const site = { state: 'CA', county: 'Alameda', zip: '94601' };
const job = (over: Partial<JobInput> = {}): JobInput => ({
  site,
  tasks: { income: { status: 'COMPLETE', data: { income_level: 'below_ami_80' } } },
  ...over,
});

describe('eligibility', () => {
  it('is eligible when no rule fires and every needed fact is known', () => {
    const e = evaluateJob(program, job(), { today }).eligibility;
    expect(e.status).toBe('eligible');
    expect(e.reasons).toEqual([]);
  });

  it('is ineligible with the reason code, the spec wording and the rule that produced it', () => {
    const e = evaluateJob(program, job({ tasks: { income: { data: { income_level: 'above_ami_150' } } } }), {
      today,
      explain: true,
    }).eligibility;
    expect(e.status).toBe('ineligible');
    expect(e.reasons).toHaveLength(1);
    expect(e.reasons[0]).toMatchObject({ code: 'income_too_high', text: 'income too high', rule: 'income_check' });
    expect(e.reasons[0].because?.text).toBe('ineligible: income_too_high, because income.income_level = above_ami_150');
    expect(e.reasons[0].because?.read).toEqual({ 'income.income_level': 'above_ami_150' });
  });

  it('explanations are only computed when asked for', () => {
    const e = evaluateJob(program, job({ tasks: { income: { data: { income_level: 'above_ami_150' } } } }), {
      today,
    }).eligibility;
    expect(e.reasons[0].because).toBeUndefined();
  });

  it('is pending more information while a fact a rule needs is missing, naming the fact', () => {
    const e = evaluateJob(program, job({ tasks: {} }), { today }).eligibility;
    expect(e.status).toBe('pending_more_information');
    expect(e.pending).toEqual([
      { code: 'income_too_high', text: 'income too high', rule: 'income_check', missing: ['income.income_level'] },
    ]);
  });

  it('treats a null answer and an empty string as missing', () => {
    expect(
      evaluateJob(program, job({ tasks: { income: { data: { income_level: null } } } }), { today }).eligibility.status,
    ).toBe('pending_more_information');
    expect(
      evaluateJob(program, job({ tasks: { income: { data: { income_level: '' } } } }), { today }).eligibility.status,
    ).toBe('pending_more_information');
  });

  it('ineligible wins over pending: a job outside the area is ineligible even with facts missing', () => {
    const e = evaluateJob(program, job({ site: { state: 'NV' }, tasks: {} }), { today }).eligibility;
    expect(e.status).toBe('ineligible');
    expect(e.reasons.map((r) => r.code)).toEqual(['outside_eligible_area']);
    expect(e.pending.map((r) => r.rule)).toEqual(['income_check']);
  });

  it('serves the listed counties and zip codes of the state only', () => {
    const status = (s: object) => evaluateJob(program, job({ site: s }), { today }).eligibility.status;
    expect(status({ state: 'CA', county: 'Alameda' })).toBe('eligible');
    expect(status({ state: 'CA', county: 'Marin', zip: '94110' })).toBe('eligible');
    expect(status({ state: 'CA', county: 'Marin', zip: '94901' })).toBe('ineligible');
    expect(status({ state: 'OR', county: 'Alameda' })).toBe('ineligible');
  });

  it('is unable to determine when a rule cannot be evaluated', () => {
    const broken = {
      ...program,
      eligibility: program.eligibility.map((r) =>
        r.id === 'broken_date'
          ? {
              ...r,
              fn: () => {
                throw new Error('bad date');
              },
            }
          : r,
      ),
    };
    const e = evaluateJob(broken, job({ tasks: { ...job().tasks, dates: { data: { install_start_date: 'x' } } } }), {
      today,
    }).eligibility;
    expect(e.status).toBe('unable_to_determine');
    expect(e.undetermined).toEqual([
      {
        code: 'install_date_outside_period',
        text: 'install date outside period',
        rule: 'broken_date',
        error: 'bad date',
      },
    ]);
  });

  it('lists every reason when several rules fire', () => {
    const e = evaluateJob(
      program,
      job({ ops_marked_ineligible: true, tasks: { income: { data: { income_level: 'above_ami_150' } } } }),
      { today },
    ).eligibility;
    expect(e.reasons.map((r) => r.code)).toEqual(['ops_override', 'income_too_high']);
    expect(e.reasons.map((r) => r.text)).toEqual(['ops override', 'income too high']);
  });
});
