/**
 * Every rule and constant of every program is asserted by its cases both ways: each eligibility rule
 * fires in a case that expects its reason and is decided without firing in a case that expects the
 * job eligible; each task rule's message is expected in one case and evaluated without firing in
 * another; each cap bites in a case that expects it and is computed under it in another.
 */

import { describe, expect, it } from 'vitest';
import { buildFacts, evaluateJob, isMissing, readFact, truthy, type JobInput } from '../engine/index.ts';
import { mergeJob } from '../engine/cases.ts';
import { loadRepo, PROGRAM_IDS } from './load-repo.ts';

const defs = loadRepo();

type Case = { name: string; today?: string; job?: JobInput; expect: Record<string, unknown> };

describe.each(PROGRAM_IDS)('cases of %s assert every rule both ways', (id) => {
  const program = defs.programs[id];
  const doc = defs.cases[id].value as { today: string; base?: JobInput; cases: Case[] };
  const runs = doc.cases.map((c) => {
    const job = mergeJob<JobInput>(doc.base ?? {}, c.job ?? {});
    const ctx = { today: c.today ?? doc.today };
    return { c, facts: buildFacts(program, job, ctx), ev: evaluateJob(program, job, ctx) };
  });

  it.each(program.eligibility.map((r) => [r.id, r] as const))('eligibility rule %s', (_id, rule) => {
    const fires = runs.some(({ c }) => (c.expect.reasons as string[] | undefined)?.includes(rule.reason));
    const holds = runs.some(
      ({ c, facts }) => c.expect.eligibility === 'eligible' && rule.needs.every((n) => !isMissing(readFact(facts, n))),
    );
    expect({ fires, holds }).toEqual({ fires: true, holds: true });
  });

  it.each(program.rules.map((r) => [r.id, r] as const))('task rule %s', (_id, rule) => {
    const fires = runs.some(({ c }) => (c.expect.messages as string[] | undefined)?.includes(rule.message));
    const holds = runs.some(({ c, facts }) => {
      if ((c.expect.no_messages as string[] | undefined)?.includes(rule.message)) return true;
      const applies = facts[rule.task] !== undefined && (!rule.applies_if || truthy(rule.applies_if.fn(facts)));
      return applies && truthy(rule.valid_if.fn(facts)) && c.expect.messages !== undefined;
    });
    expect({ fires, holds }).toEqual({ fires: true, holds: true });
  });

  const capped = program.incentives.measures.filter((m) => m.cap_cents !== undefined);
  it.each(capped.map((m) => [m.id, m] as const))('cap of %s', (_id, m) => {
    const bites = runs.some(({ c }) =>
      ((c.expect.rebate as { capped?: string[] } | undefined)?.capped ?? []).some((x) => x.startsWith(`${m.id}:`)),
    );
    const under = runs.some(({ c, ev }) => {
      const asserted = (c.expect.rebate as { lines?: Record<string, number> } | undefined)?.lines?.[m.id];
      const line = ev.incentive.lines.find((l) => l.id === m.id);
      return asserted !== undefined && asserted > 0 && line !== undefined && !line.capped_by;
    });
    expect({ bites, under }).toEqual({ bites: true, under: true });
  });
});
