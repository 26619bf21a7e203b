/**
 * Why a job's outcome changed between two versions of its program, in words a program manager reads:
 * the definition changes (engine/definition-diff.ts) on the paths the changed outcome reads. A changed
 * rebate line reads its measure, its cap and the constants and tables its rules read; an eligibility rule
 * reads its own entry and what its derived facts come from (the submission window, the service area); a
 * task reads its entry and its applies_if; a stage reads the stage model and its tasks.
 */

import { definitionChanges, describeChange, type DefinitionChange } from './definition-diff.ts';
import { formatCents } from './explain.ts';
import type { IncentiveLine, JobEvaluation, Program, RuleBase } from './types.ts';

/**
 * A program as the diff reads it: its document, with what it takes from _shared resolved (the stage model,
 * the shared eligibility rules, the shared constants merged into its own), so a change there shows too.
 */
export function programView(p: Program): Record<string, unknown> {
  return {
    ...p.raw,
    stage_model: { id: p.stage_model.id, label: p.stage_model.label, stages: p.stage_model.stages },
    constants: p.constants,
    eligibility: p.eligibility.map((r) => ({ id: r.id, reason: r.reason, ineligible_if: r.logic, needs: r.needs })),
  };
}

/** The changes between two versions of a program (absent on one side: everything is a change). */
export function programChanges(before: Program | undefined, after: Program | undefined): DefinitionChange[] {
  return definitionChanges(before ? programView(before) : undefined, after ? programView(after) : undefined);
}

/** The definition paths a fact read depends on (job and task data depend on no definition). */
function pathsOfRead(read: string): string[] {
  const [root, name] = read.split('.');
  if ((root === 'constants' || root === 'tables') && name) return [`${root}.${name}`];
  if (read === 'derived.accepting_submissions') return ['accept_submissions', 'active'];
  if (read === 'derived.in_service_area') return ['service_area'];
  return [];
}

function readsOf(rules: (RuleBase | undefined)[]): string[] {
  return rules.flatMap((r) => (r ? r.reads.flatMap(pathsOfRead) : []));
}

/** True when a change at `path` is at or under `prefix`, or above it (the whole section changed). */
function under(path: string, prefix: string): boolean {
  const at = (a: string, b: string) => a === b || a.startsWith(`${b}.`) || a.startsWith(`${b}[`);
  return at(path, prefix) || at(prefix, path);
}

/** The changes on any of the prefixes, each once, in document order. */
export function changesOn(changes: DefinitionChange[], prefixes: string[]): DefinitionChange[] {
  return prefixes.length ? changes.filter((c) => prefixes.some((p) => under(c.path, p))) : [];
}

function words(changes: DefinitionChange[]): string {
  const shown = changes.slice(0, 4).map(describeChange);
  if (changes.length > 4) shown.push(`${changes.length - 4} more`);
  return shown.join('; ');
}

/** The definition paths a rebate line reads, under either version of its program. */
function linePaths(line: Pick<IncentiveLine, 'id' | 'kind'>, programs: Program[]): string[] {
  const out: string[] = [];
  for (const p of programs) {
    const inc = p.incentives;
    if (line.kind === 'measure') {
      out.push(`incentives.measures.${line.id}`, `incentives.caps.${line.id}`);
      const m = inc.measures.find((x) => x.id === line.id);
      if (m) out.push(...readsOf([m.applies_if, m.qualifies_if, m.amount, m.estimate?.min, m.estimate?.max]));
    } else if (line.kind === 'total_cap') out.push('incentives.total_cap');
    else if (line.kind === 'percent_cap') out.push('incentives.percent_cap', ...readsOf([inc.percent_cap?.of]));
    else out.push('incentives.minimum', ...readsOf([inc.minimum?.when]));
  }
  return out;
}

const lineKey = (l: IncentiveLine) => `${l.kind}:${l.id}`;
const sameLine = (a: IncentiveLine | undefined, b: IncentiveLine | undefined) =>
  !!a &&
  !!b &&
  a.amount_cents === b.amount_cents &&
  a.min_cents === b.min_cents &&
  a.max_cents === b.max_cents &&
  a.not_qualified === b.not_qualified;

/** A rebate as shown: the final amount, else the top of the range. */
export function rebateWords(ev: JobEvaluation | undefined): string {
  if (!ev) return 'none';
  const i = ev.incentive;
  return i.final_cents !== null ? formatCents(i.final_cents) : `up to ${formatCents(i.range.max_cents)}`;
}

/** The lines whose amount differs between the two evaluations (or that one of them lacks). */
function changedLines(before: JobEvaluation, after: JobEvaluation): IncentiveLine[] {
  const a = new Map(before.incentive.lines.map((l) => [lineKey(l), l]));
  const b = new Map(after.incentive.lines.map((l) => [lineKey(l), l]));
  const out: IncentiveLine[] = [];
  for (const k of new Set([...a.keys(), ...b.keys()]))
    if (!sameLine(a.get(k), b.get(k))) out.push((b.get(k) ?? a.get(k))!);
  return out;
}

/** The two evaluations of a job and its program on each side; `explained` evaluates again with explanations. */
export interface ChangeContext {
  before: JobEvaluation;
  after: JobEvaluation;
  programs: Program[];
  changes: DefinitionChange[];
  explained: () => { before: JobEvaluation; after: JobEvaluation };
}

/** Why the rebate changed: the changed values its changed lines read, else what the engine says of those lines. */
export function rebateBecause(c: ChangeContext): string {
  const lines = changedLines(c.before, c.after);
  const prefixes = lines.flatMap((l) => linePaths(l, c.programs));
  if (c.before.incentive.phase !== c.after.incentive.phase || !lines.length)
    prefixes.push('incentives.final_when', 'incentives.shared_amount', 'incentives.payment');
  const found = changesOn(c.changes, prefixes);
  const head = `rebate ${rebateWords(c.before)} -> ${rebateWords(c.after)}`;
  if (found.length) return `${head} because ${words(found)}`;
  const ex = c
    .explained()
    .after.incentive.lines.filter((l) => lines.some((x) => lineKey(x) === lineKey(l)) && l.explanation);
  return ex.length ? `${head}: ${ex.map((l) => l.explanation).join('; ')}` : head;
}

type Decided = { kind: 'ineligible' | 'pending' | 'undetermined'; rule: string; code: string };

function decided(ev: JobEvaluation): Decided[] {
  const e = ev.eligibility;
  return [
    ...e.reasons.map((r) => ({ kind: 'ineligible' as const, rule: r.rule, code: r.code })),
    ...e.pending.map((r) => ({ kind: 'pending' as const, rule: r.rule, code: r.code })),
    ...e.undetermined.map((r) => ({ kind: 'undetermined' as const, rule: r.rule, code: r.code })),
  ];
}

/** The eligibility outcomes (ineligible, pending, undetermined by rule) one evaluation has and the other lacks. */
export function eligibilityDifferences(
  before: JobEvaluation,
  after: JobEvaluation,
): { appeared: Decided[]; disappeared: Decided[] } {
  const key = (d: Decided) => `${d.kind}:${d.rule}:${d.code}`;
  const a = decided(before);
  const b = decided(after);
  const ka = new Set(a.map(key));
  const kb = new Set(b.map(key));
  return { appeared: b.filter((d) => !ka.has(key(d))), disappeared: a.filter((d) => !kb.has(key(d))) };
}

function rulePaths(ruleId: string, programs: Program[]): string[] {
  const out = [`eligibility[${ruleId}]`];
  for (const p of programs) {
    const r = p.eligibility.find((x) => x.id === ruleId);
    if (r) out.push(...readsOf([r]), ...r.needs.flatMap(pathsOfRead));
  }
  return out;
}

/** Why eligibility changed: each reason that appeared or disappeared, with the changed values of its rule. */
export function eligibilityBecause(c: ChangeContext): string[] {
  const { appeared, disappeared } = eligibilityDifferences(c.before, c.after);
  const head = `eligibility ${c.before.eligibility.status} -> ${c.after.eligibility.status}`;
  const out: string[] = [];
  const say = (d: Decided, verb: string) => {
    const found = changesOn(c.changes, rulePaths(d.rule, c.programs));
    const what = d.kind === 'ineligible' ? `${d.code} ${verb}` : `${d.kind} ${d.code} ${verb}`;
    if (found.length) return out.push(`${head}: ${what} because ${words(found)}`);
    const because =
      d.kind === 'ineligible' && verb === 'appeared'
        ? c.explained().after.eligibility.reasons.find((r) => r.rule === d.rule)?.because?.text
        : undefined;
    out.push(`${head}: ${what}${because ? ` (${because})` : ''}`);
  };
  for (const d of appeared) say(d, 'appeared');
  for (const d of disappeared) say(d, 'disappeared');
  if (!out.length) out.push(head);
  return out;
}

function taskPaths(taskId: string, programs: Program[]): string[] {
  const out = [`tasks[${taskId}]`];
  for (const p of programs) {
    const t = p.tasks.find((x) => x.id === taskId);
    if (t?.applies_if) out.push(...readsOf([t.applies_if]));
  }
  return out;
}

/** The tasks whose presence or status differs, as "id: BEFORE -> AFTER" (absent: "not applicable"). */
export function taskDifferences(before: JobEvaluation, after: JobEvaluation): { id: string; text: string }[] {
  const a = new Map(before.tasks.map((t) => [t.id, t.status]));
  const b = new Map(after.tasks.map((t) => [t.id, t.status]));
  const out: { id: string; text: string }[] = [];
  for (const id of new Set([...a.keys(), ...b.keys()])) {
    if (a.get(id) !== b.get(id))
      out.push({ id, text: `${id} ${a.get(id) ?? 'not applicable'} -> ${b.get(id) ?? 'not applicable'}` });
  }
  return out;
}

/** Why the tasks changed: the tasks that differ and the changed values of those tasks. */
export function tasksBecause(c: ChangeContext): string {
  const diffs = taskDifferences(c.before, c.after);
  const found = changesOn(
    c.changes,
    diffs.flatMap((d) => taskPaths(d.id, c.programs)),
  );
  const head = `tasks ${diffs
    .slice(0, 4)
    .map((d) => d.text)
    .join(', ')}${diffs.length > 4 ? ` and ${diffs.length - 4} more` : ''}`;
  return found.length ? `${head} because ${words(found)}` : head;
}

/** Why the stage changed: the stage model's changes and those of the tasks that differ. */
export function stageBecause(c: ChangeContext): string {
  const diffs = taskDifferences(c.before, c.after);
  const found = changesOn(c.changes, ['stage_model', ...diffs.flatMap((d) => taskPaths(d.id, c.programs))]);
  const head = `stage ${c.before.stage.number} (${c.before.stage.label}) -> ${c.after.stage.number} (${c.after.stage.label})`;
  if (found.length) return `${head} because ${words(found)}`;
  const why = c.explained().after.stage.explanation;
  return why ? `${head}: ${why}` : head;
}
