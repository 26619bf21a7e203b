/**
 * One engine, two ways of turning rules into functions: the server's (json-logic-engine compiled, with
 * generated code, and generated field pickers) and the browser's, which runs under a CSP without
 * 'unsafe-eval' (json-logic-engine interpreted, closure pickers). Every program's every case evaluates
 * to the same outcome, explanations included; and every rule of every program gives the same answer on
 * every case's facts.
 */

import { describe, expect, it } from 'vitest';
import { buildFacts, evaluateJob, type JobInput } from '../engine/index.ts';
import { mergeJob } from '../engine/cases.ts';
import { closurePick } from '../engine/forms/pick.ts';
import { loadRepo, PROGRAM_IDS } from './load-repo.ts';

const compiled = loadRepo();
const interpreted = loadRepo({ evaluator: 'interpreted', pick: closurePick });

const outcome = (f: () => unknown) => {
  try {
    return f();
  } catch (e) {
    return `throws ${(e as Error).message}`;
  }
};

describe.each(PROGRAM_IDS)('interpreted rules agree with compiled ones: %s', (id) => {
  it('on every case, explained, and on every rule', () => {
    const a = compiled.programs[id];
    const b = interpreted.programs[id];
    const doc = compiled.cases[id].value as {
      today: string;
      base?: JobInput;
      cases: { name: string; today?: string; job?: JobInput }[];
    };
    let rules = 0;
    for (const c of doc.cases) {
      const job = mergeJob<JobInput>(doc.base ?? {}, c.job ?? {});
      const ctx = { today: c.today ?? doc.today, explain: true };
      expect(evaluateJob(b, job, ctx), c.name).toEqual(evaluateJob(a, job, ctx));
      const facts = buildFacts(a, job, ctx);
      const pairs: [{ fn: (f: object) => unknown }, { fn: (f: object) => unknown }][] = [
        ...a.eligibility.map((r, i) => [r, b.eligibility[i]] as const),
        ...a.rules.flatMap((r, i) => [
          [r.valid_if, b.rules[i].valid_if] as const,
          ...(r.applies_if ? [[r.applies_if, b.rules[i].applies_if!] as const] : []),
        ]),
      ].map(([x, y]) => [x, y]);
      for (const [x, y] of pairs) {
        expect(outcome(() => y.fn(facts))).toEqual(outcome(() => x.fn(facts)));
        rules++;
      }
    }
    expect(rules).toBeGreaterThan(20);
  });
});
