/**
 * json-logic-js is the reference semantics of our rules: every rule of every program, evaluated on
 * the facts of every case, gives the same answer compiled and interpreted (where the engine would
 * evaluate it: eligibility rules only once their needed facts are present).
 */

import { describe, expect, it } from 'vitest';
import { applyReference, buildFacts, isMissing, readFact, type RuleBase } from '../engine/index.ts';
import { mergeJob } from '../engine/cases.ts';
import { loadRepo, PROGRAM_IDS } from './load-repo.ts';

const defs = loadRepo();

function rulesOf(id: string): { rule: RuleBase; needs?: string[] }[] {
  const p = defs.programs[id];
  if (!p) return [];
  const out: { rule: RuleBase; needs?: string[] }[] = [];
  for (const r of p.eligibility) out.push({ rule: r, needs: r.needs });
  for (const t of p.tasks) if (t.applies_if) out.push({ rule: t.applies_if });
  for (const m of p.incentives.measures) {
    for (const r of [m.applies_if, m.qualifies_if, m.amount, m.estimate?.min, m.estimate?.max])
      if (r) out.push({ rule: r });
  }
  out.push({ rule: p.incentives.final_when });
  if (p.incentives.percent_cap) out.push({ rule: p.incentives.percent_cap.of });
  if (p.incentives.minimum) out.push({ rule: p.incentives.minimum.when });
  for (const r of p.rules) {
    out.push({ rule: r.valid_if });
    if (r.applies_if) out.push({ rule: r.applies_if });
  }
  return out;
}

describe.each(PROGRAM_IDS)('compiled rules agree with json-logic-js: %s', (id) => {
  it('on every rule and every case', () => {
    const program = defs.programs[id];
    const file = defs.cases[id];
    expect(program && file).toBeTruthy();
    const doc = file.value as { today: string; base?: object; cases: { name: string; today?: string; job?: object }[] };
    let compared = 0;
    for (const c of doc.cases) {
      const facts = buildFacts(program, mergeJob(doc.base ?? {}, c.job ?? {}), { today: c.today ?? doc.today });
      for (const { rule, needs } of rulesOf(id)) {
        if (needs?.some((n) => isMissing(readFact(facts, n)))) continue;
        const compiled = rule.fn(facts);
        const reference = applyReference(rule.logic, facts);
        expect(compiled, `${c.name}: rule ${rule.id}`).toEqual(reference);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(50);
  });
});
