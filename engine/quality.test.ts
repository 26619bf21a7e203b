/**
 * Quality sampling and standing (issue 43) over every program's `quality:` block: for generated sequences of jobs,
 * each contractor's first N jobs are always sampled, every job while on probation, a random share within a binomial
 * tolerance of the declared rate, and the same decision comes back when it is recomputed.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadRepo } from '../tests/load-repo.ts';
import { nextStanding, qualityDraw, sampleJob, type ReviewOutcome, type SampleInput } from './quality.ts';
import type { QualityReviewDef, StandingRules } from './types-quality.ts';

const programs = Object.values(loadRepo({ unused_forms: false, lazy_forms: true }).programs);
const reviews = programs.flatMap((p) => (p.quality?.reviews ?? []).map((r) => ({ program: p, review: r })));

/** A job of a contractor in full standing past its first jobs, with no measure or amount a clause names. */
const plain = (code: string, earlier = 100): SampleInput => ({
  job_code: code,
  standing: 'full',
  earlier_jobs: earlier,
  rebate_cents: 1_000,
  measures: [],
});
const codes = (n: number, salt: string) =>
  Array.from({ length: n }, (_, i) => `${salt}${i.toString(36).toUpperCase()}`);

describe('every program has quality rules', () => {
  it('each of the ten programs samples at the desk and on site, and keeps a seed', () => {
    expect(programs).toHaveLength(10);
    for (const p of programs) {
      expect(p.quality?.seed, p.id).toMatch(/\S/);
      expect(new Set(p.quality?.reviews.map((r) => r.kind)), p.id).toEqual(
        new Set(['desk_review', 'field_inspection']),
      );
    }
  });
});

describe.each(reviews.map((r) => [`${r.program.id} ${r.review.id}`, r] as const))('%s', (_, { program, review }) => {
  const seed = program.quality!.seed;
  const s = review.sample;

  it('samples every one of a contractor’s first jobs, and every job while on probation', () => {
    for (let k = 0; k < (s.first_jobs ?? 0); k++) {
      const d = sampleJob(seed, review, { ...plain(`F${k}`), earlier_jobs: k, standing: 'provisional' });
      expect(d).toMatchObject({ sampled: true, reason: 'first_jobs' });
      expect(d.explanation).toContain(`job ${k + 1} of its first ${s.first_jobs}`);
    }
    for (const standing of s.every_job_while ?? [])
      for (const code of codes(50, 'P'))
        expect(sampleJob(seed, review, { ...plain(code), standing })).toMatchObject({
          sampled: true,
          reason: 'standing',
        });
  });

  it('samples its declared share of the other jobs (within a binomial tolerance of 4 standard deviations)', () => {
    const n = 4000;
    const share = s.share ?? 0;
    const sampled = codes(n, `${program.id}-`).filter((c) => sampleJob(seed, review, plain(c)).sampled).length;
    const sd = Math.sqrt(n * share * (1 - share));
    expect(Math.abs(sampled - n * share)).toBeLessThanOrEqual(4 * sd + 1e-9);
  });

  it('takes every job above its amount or with a measure it names, and gives the same decision when recomputed', () => {
    if (s.above_cents !== undefined)
      expect(sampleJob(seed, review, { ...plain('A1'), rebate_cents: s.above_cents + 1 })).toMatchObject({
        sampled: true,
        reason: 'amount',
        // Amounts in dollars, as people read them.
        explanation: expect.stringMatching(/^Sampled: the rebate of \$[\d,]+\.\d\d is above \$[\d,]+\.\d\d\.$/),
      });
    for (const m of s.measures ?? [])
      expect(sampleJob(seed, review, { ...plain('M1'), measures: [m] })).toMatchObject({
        sampled: true,
        reason: 'measure',
      });
    fc.assert(
      fc.property(
        fc.record({
          job_code: fc.stringMatching(/^[A-Z0-9]{6}$/),
          standing: fc.constantFrom('provisional', 'full', 'probation', 'suspended' as const),
          earlier_jobs: fc.nat(20),
          rebate_cents: fc.option(fc.nat(2_000_000)),
          measures: fc.subarray(['heat_pump', 'panel', 'insulation', 'wiring']),
        }),
        (job) => {
          const first = sampleJob(seed, review, job as SampleInput);
          expect(sampleJob(seed, review, structuredClone(job) as SampleInput)).toEqual(first);
          expect(first.explanation.startsWith(first.sampled ? 'Sampled' : 'Not sampled')).toBe(true);
        },
      ),
      { seed: 43, numRuns: 200 },
    );
  });
});

describe('the random draw', () => {
  it('is in [0, 1), changes with the seed, the review and the job, and reads as its explanation says', () => {
    const d = qualityDraw('s', 'field_inspection', 'ABC123');
    expect(d).toBeGreaterThanOrEqual(0);
    expect(d).toBeLessThan(1);
    expect(qualityDraw('s', 'field_inspection', 'ABC123')).toBe(d);
    expect(
      new Set([qualityDraw('t', 'field_inspection', 'ABC123'), qualityDraw('s', 'desk_review', 'ABC123')]).has(d),
    ).toBe(false);
    const review: QualityReviewDef = {
      id: 'field_inspection',
      kind: 'field_inspection',
      label: 'Field inspection',
      due_days: 14,
      holds_payment: 'failed',
      when: { stage_reached: 5 },
      sample: { share: 0.5 },
      checklists: [{ form: 'qa_field_inspection' }],
      source: { file: 'x', line: 1, column: 1 } as never,
    };
    const decision = sampleJob('s', review, plain('ABC123'));
    expect(decision.draw).toBe(d);
    expect(decision.explanation).toContain(d.toFixed(3));
    expect(decision.explanation).toContain('50% share');
    expect(decision.sampled).toBe(d < 0.5);
  });
});

describe('contractor standing', () => {
  const rules: StandingRules = {
    full_after_passes: 3,
    probation_after: { failures: 2, of_last: 10 },
    suspend_after: { failures: 4, of_last: 10 },
    reinstate_after_passes: 3,
  };
  const run = (outcomes: ReviewOutcome[]) => {
    let standing: ReturnType<typeof nextStanding>['standing'] = 'provisional';
    const causes: string[] = [];
    outcomes.forEach((_, i) => {
      const next = nextStanding(rules, standing, outcomes.slice(0, i + 1));
      if (next.cause) causes.push(`${next.standing}: ${next.cause}`);
      standing = next.standing;
    });
    return { standing, causes };
  };

  it('is provisional until 3 passes, then full, with the cause', () => {
    expect(run(['pass', 'pass']).standing).toBe('provisional');
    expect(run(['pass', 'pass', 'pass'])).toEqual({
      standing: 'full',
      causes: ['full: 3 reviews passed (full standing at 3).'],
    });
  });

  it('goes on probation at 2 failures of the last 10, back to full after 3 passes in a row, suspended at 4', () => {
    expect(run(['pass', 'pass', 'pass', 'fail', 'pass', 'fail']).standing).toBe('probation');
    expect(run(['pass', 'pass', 'pass', 'fail', 'fail', 'pass', 'pass', 'pass']).standing).toBe('full');
    // Reinstated, it is not put back on probation by the failures its probation answered for.
    expect(run(['pass', 'pass', 'pass', 'fail', 'fail', 'pass', 'pass', 'pass', 'pass']).standing).toBe('full');
    const suspended = run(['fail', 'fail', 'pass', 'fail', 'fail']);
    expect(suspended.standing).toBe('suspended');
    expect(suspended.causes.at(-1)).toBe('suspended: 4 of the last 5 reviews failed (suspended at 4).');
    // Failures older than the window no longer count.
    expect(run(['fail', ...Array<ReviewOutcome>(10).fill('pass'), 'fail']).standing).toBe('full');
  });

  it('never leaves suspension by itself', () => {
    expect(nextStanding(rules, 'suspended', Array<ReviewOutcome>(20).fill('pass'))).toEqual({ standing: 'suspended' });
  });
});
