import { describe, expect, it } from 'vitest';
import { impactReport, impactRun, mergeImpact, type ImpactJob } from './impact.ts';
import { loadDemo } from './testing/fixtures.ts';
import type { TaskState } from './types.ts';

const today = '2026-06-01';
const site = { state: 'CA', county: 'Alameda' };
const withWindow = (t: string) =>
  t.replace(
    '  - use: outside_eligible_area\n',
    '  - use: outside_eligible_area\n  - use: program_not_accepting_submissions\n',
  );
const load = (edit: (t: string) => string = (t) => t) => {
  const defs = loadDemo({ edit: (t) => edit(withWindow(t)) });
  expect(defs.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return defs;
};
const current = load();

const services = (list: string[], estimate = 12000): TaskState => ({
  status: 'COMPLETE',
  data: { services_being_installed: list, estimated_total_project_cost: estimate },
});
const costs = (heat_pump_cost: number): TaskState => ({
  status: 'COMPLETE',
  data: { heat_pump_cost, total_project_cost: 50000000, savings_kwh: 5000 },
});
let n = 0;
const job = (
  tasks: Record<string, TaskState>,
  more: Partial<ImpactJob['input']> = {},
  county = 'Alameda',
): ImpactJob => {
  n += 1;
  return {
    id: n,
    code: `J-${n}`,
    program_id: 'demo',
    county,
    input: { id: String(n), site: { ...site, county }, submitted_at: '2026-02-01', tasks, ...more },
  };
};

describe('impactReport', () => {
  const finalJob = job({ services: services(['heat_pump']), costs: costs(1600000) });
  const rangeJob = job({ services: services(['heat_pump']) });
  const noHeatPump = job({ services: services(['panel']) });
  const canceled = job({ services: services(['heat_pump']), costs: costs(1600000) }, { is_canceled: true });
  const jobs = [finalJob, rangeJob, noHeatPump, canceled];

  it('reports a lowered cap: the jobs whose capped line drops, the dollars by program and county, and the cap that did it', () => {
    const proposed = load((t) => t.replace('caps: { heat_pump: 800000 }', 'caps: { heat_pump: 650000 }'));
    const r = impactReport(current, proposed, jobs, today);
    expect(r.jobs_evaluated).toBe(3);
    expect(r.changed).toEqual({ eligibility: { count: 0, by_reason: {} }, stage: 0, tasks: 0, rebate: 2 });
    expect(r.dollars).toEqual({ total_cents: -300000, by_program: { demo: -300000 }, by_county: { Alameda: -300000 } });
    const byCode = Object.fromEntries(r.jobs.map((j) => [j.code, j]));
    expect(Object.keys(byCode).sort()).toEqual([finalJob.code, rangeJob.code].sort());
    expect(byCode[finalJob.code].before).toMatchObject({
      rebate_final_cents: 800000,
      rebate_max_cents: 800000,
      stage: 2,
    });
    expect(byCode[finalJob.code].after).toMatchObject({ rebate_final_cents: 650000, rebate_max_cents: 650000 });
    expect(byCode[finalJob.code].because).toEqual([
      'rebate 8,000.00 -> 6,500.00 because incentives.caps.heat_pump changed 800000 -> 650000',
    ]);
    expect(byCode[rangeJob.code].because).toEqual([
      'rebate up to 8,000.00 -> up to 6,500.00 because incentives.caps.heat_pump changed 800000 -> 650000',
    ]);
  });

  /** A lowered cap and a closed window, and the jobs with one not yet submitted. */
  const capAndWindow = () => ({
    proposed: load((t) =>
      t
        .replace('caps: { heat_pump: 800000 }', 'caps: { heat_pump: 650000 }')
        .replace('until: "2026-12-31"', 'until: "2026-03-31"'),
    ),
    more: [...jobs, job({ services: services(['heat_pump']) }, { submitted_at: null }, 'Marin')],
  });

  it('streamed batch by batch (impactRun) reports what all the jobs at once do', () => {
    const { proposed, more } = capAndWindow();
    const whole = impactReport(current, proposed, more, today);
    const run = impactRun(current, proposed, today);
    for (let i = 0; i < more.length; i += 2) run.add(more.slice(i, i + 2));
    expect(run.report).toEqual(whole);
    expect(whole.jobs.length).toBeGreaterThan(1);
    expect(whole.changed.eligibility.count).toBe(1);
  });

  it('drained batch by batch and merged in order (mergeImpact), reports what all the jobs at once do', () => {
    const { proposed, more } = capAndWindow();
    const whole = impactReport(current, proposed, more, today);
    const run = impactRun(current, proposed, today);
    const parts = more.map((j) => {
      run.add([j]);
      return run.drain();
    });
    // Each drain starts the next piece empty.
    expect(run.report.jobs_evaluated).toBe(0);
    expect(parts.filter((p) => p.jobs.length).length).toBe(whole.jobs.length);
    const merged = parts.reduce(mergeImpact, impactReport(current, proposed, [], today));
    expect(merged).toEqual(whole);
    expect(Object.keys(merged.dollars.by_county).length).toBeGreaterThan(0);
  });

  it('reports a closed window: jobs not yet submitted turn ineligible by that reason, submitted ones keep their outcome', () => {
    const proposed = load((t) => t.replace('until: "2026-12-31"', 'until: "2026-03-31"'));
    const unsubmitted = job({ services: services(['heat_pump']) }, { submitted_at: null }, 'Marin');
    const r = impactReport(current, proposed, [...jobs, unsubmitted], today);
    expect(r.jobs_evaluated).toBe(4);
    expect(r.changed).toEqual({
      eligibility: { count: 1, by_reason: { program_not_accepting_submissions: 1 } },
      stage: 0,
      tasks: 0,
      rebate: 0,
    });
    expect(r.dollars.total_cents).toBe(0);
    expect(r.jobs.map((j) => j.code)).toEqual([unsubmitted.code]);
    expect(r.jobs[0].after.reasons).toContain('program_not_accepting_submissions');
    expect(r.jobs[0].before.reasons).not.toContain('program_not_accepting_submissions');
    expect(r.jobs[0].because[0]).toMatch(
      /-> ineligible: program_not_accepting_submissions appeared because accept_submissions.until changed 2026-12-31 -> 2026-03-31$/,
    );
  });

  it('reports a new task: the stage and tasks of jobs it reaches change, with the task that was added', () => {
    const proposed = load((t) =>
      t.replace(
        '  - { id: services,',
        '  - { id: extra_photos, form: photos_form, stage: 2, owner: contractor }\n  - { id: services,',
      ),
    );
    const atReview = job({
      income: { status: 'COMPLETE', data: { income_level: 'below_ami_80' } },
      services: services(['panel']),
    });
    const r = impactReport(current, proposed, [atReview], today);
    expect(r.changed).toMatchObject({ stage: 1, tasks: 1, rebate: 0 });
    expect(r.jobs[0].before.stage).toBe(3);
    expect(r.jobs[0].after.stage).toBe(2);
    expect(r.jobs[0].after.open_tasks).toEqual(['extra_photos']);
    expect(r.jobs[0].because).toHaveLength(2);
    expect(r.jobs[0].because[0]).toMatch(/^stage 3 \(.+\) -> 2 \(.+\) because tasks\[extra_photos\] added/);
    expect(r.jobs[0].because[1]).toMatch(/^tasks .* because tasks\[extra_photos\] added/);
    expect(r.jobs[0].because[1]).toContain('extra_photos not applicable -> READY');
    expect(r.jobs[0].because[1]).toContain('review READY -> LOCKED');
  });

  it('a raised minimum changes the rebate of the jobs it applies to and names the minimum', () => {
    const proposed = load((t) => t.replace('amount_cents: 50000', 'amount_cents: 70000'));
    const small = job(
      {
        services: services(['heat_pump']),
        costs: { status: 'COMPLETE', data: { heat_pump_cost: 40000, total_project_cost: 5000000, savings_kwh: 10 } },
      },
      {},
      'Marin',
    );
    const r = impactReport(current, proposed, [small, finalJob], today);
    expect(r.dollars).toEqual({ total_cents: 20000, by_program: { demo: 20000 }, by_county: { Marin: 20000 } });
    expect(r.jobs[0].because).toEqual([
      'rebate 500.00 -> 700.00 because incentives.minimum.amount_cents changed 50000 -> 70000',
    ]);
  });

  it('unchanged definitions change nothing; a program the proposal drops is reported for each of its jobs', () => {
    expect(impactReport(current, load(), jobs, today)).toMatchObject({
      jobs_evaluated: 3,
      jobs: [],
      dollars: { total_cents: 0 },
    });
    const none = { ...current, programs: {} };
    const r = impactReport(current, none, [finalJob], today);
    expect(r.jobs[0]).toMatchObject({
      after: { stage: null, rebate_final_cents: null },
      because: ['program demo is not in the proposed definitions'],
    });
    expect(r.dollars.total_cents).toBe(-800000);
    expect(impactReport(none, none, [finalJob], today).jobs_evaluated).toBe(0);
  });

  it('a reason that disappears is named with the change that lifted it', () => {
    const closed = load((t) => t.replace('until: "2026-12-31"', 'until: "2026-03-31"'));
    const unsubmitted = job({ services: services(['heat_pump']) }, { submitted_at: null });
    const r = impactReport(closed, current, [unsubmitted], today);
    expect(r.changed.eligibility).toEqual({ count: 1, by_reason: { program_not_accepting_submissions: 1 } });
    expect(r.jobs[0].because[0]).toMatch(
      /ineligible -> .*: program_not_accepting_submissions disappeared because accept_submissions.until changed 2026-03-31 -> 2026-12-31$/,
    );
  });

  it("where no changed value it reads is found, the engine's explanation of the changed lines says why", () => {
    // The compiled cap changed but the document shows only another change: the lines' own explanation stands in.
    const proposed = load((t) => t.replace('caps: { heat_pump: 800000 }', 'caps: { heat_pump: 650000 }'));
    proposed.programs.demo = {
      ...proposed.programs.demo,
      raw: { ...current.programs.demo.raw, description: 'changed' },
    };
    const r = impactReport(current, proposed, [finalJob], today);
    expect(r.jobs[0].because).toEqual([
      'rebate 8,000.00 -> 6,500.00: Heat pump line capped at 6,500.00 by demo caps.heat_pump (computed 8,000.00)',
    ]);
  });

  it('a change in a shared constant a rule reads is named as a change of the program', () => {
    const proposed = load((t) => t.replace('cost_share_percent: 50', 'cost_share_percent: 40'));
    const r = impactReport(
      current,
      proposed,
      [job({ services: services(['heat_pump']), costs: costs(1000000) })],
      today,
    );
    expect(r.jobs[0].because).toEqual([
      'rebate 5,000.00 -> 4,000.00 because constants.cost_share_percent changed 50 -> 40',
    ]);
  });
});
