/** Runs a program's cases.yaml: each example job against its expected outcomes. */

import { evaluateJob } from './evaluate-job.ts';
import { buildFacts } from './facts.ts';
import { checkTaskRules } from './task-rules.ts';
import type { JobEvaluation, JobInput, Program, SourceRange, TaskForm } from './types.ts';
import { validateTask } from './forms/validate-task.ts';
import type { CasesFile } from './load/load-definitions.ts';

/** The outcome of one case. */
export interface CaseResult {
  name: string;
  ok: boolean;
  /** One line per expectation that did not hold, naming the rule that decided it. */
  failures: string[];
  range: SourceRange;
  evaluation: JobEvaluation;
}

type Expect = {
  eligibility?: string;
  reasons?: string[];
  stage?: number;
  tab?: string;
  open_tasks?: string[];
  locked_tasks?: string[];
  skipped_tasks?: string[];
  owners?: Record<string, string>;
  rebate?: {
    phase?: string;
    final_cents?: number | null;
    range_cents?: [number, number];
    lines?: Record<string, number>;
    capped?: string[];
    material_labor?: Record<string, [number, number]>;
  };
  messages?: string[];
  no_messages?: string[];
};

function isPlain(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Deep-merges `over` onto `base`; arrays and scalars replace. */
export function mergeJob<T>(base: T, over: unknown): T {
  if (!isPlain(base) || !isPlain(over)) return (over === undefined ? base : over) as T;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = k in out ? mergeJob(out[k], v) : v;
  return out as T;
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');
const list = (a: string[]) => (a.length ? a.join(', ') : '(none)');

/** Evaluates every case of a cases file against a program. */
export function runCases(program: Program, cases: CasesFile, forms: Record<string, TaskForm> = {}): CaseResult[] {
  const doc = cases.value as { today: string; base?: JobInput; cases: { name: string; today?: string; job?: JobInput; expect: Expect }[] };
  return doc.cases.map((c, i) => {
    const job = mergeJob<JobInput>(doc.base ?? {}, c.job ?? {});
    const ctx = { today: c.today ?? doc.today, explain: true };
    const ev = evaluateJob(program, job, ctx);
    const f: string[] = [];
    const x = c.expect;
    const el = ev.eligibility;
    const why = () =>
      [
        ...el.reasons.map((r) => r.because?.text ?? r.rule),
        ...el.pending.map((r) => `pending: ${r.rule} needs ${r.missing?.join(', ')}`),
        ...el.undetermined.map((r) => `unable: ${r.rule}: ${r.error}`),
      ].join('; ') || 'no rule fired';
    if (x.eligibility !== undefined && x.eligibility !== el.status) f.push(`eligibility: expected ${x.eligibility}, got ${el.status} (${why()})`);
    if (x.reasons !== undefined && !sameSet(x.reasons, el.reasons.map((r) => r.code))) {
      f.push(`reasons: expected ${list(x.reasons)}, got ${list(el.reasons.map((r) => r.code))} (${why()})`);
    }
    if (x.stage !== undefined && x.stage !== ev.stage.number) f.push(`stage: expected ${x.stage}, got ${ev.stage.number} (${ev.stage.explanation})`);
    if (x.tab !== undefined && x.tab !== ev.stage.tab) f.push(`tab: expected ${x.tab}, got ${ev.stage.tab} (${ev.stage.explanation})`);
    const open = ev.tasks.filter((t) => t.status === 'READY' || t.status === 'IN_PROGRESS').map((t) => t.id);
    if (x.open_tasks !== undefined && !sameSet(x.open_tasks, open)) f.push(`open tasks: expected ${list(x.open_tasks)}, got ${list(open)}`);
    for (const id of x.locked_tasks ?? []) {
      const t = ev.tasks.find((t) => t.id === id);
      if (t?.status !== 'LOCKED') f.push(`task ${id}: expected LOCKED, got ${t ? t.status : 'not applicable'}`);
    }
    for (const id of x.skipped_tasks ?? []) if (!ev.skipped_tasks.includes(id)) f.push(`task ${id}: expected not to apply, but it does`);
    for (const [id, owner] of Object.entries(x.owners ?? {})) {
      const t = ev.tasks.find((t) => t.id === id);
      if (t?.owner !== owner) f.push(`task ${id}: expected owner ${owner}, got ${t?.owner ?? 'not applicable'}`);
    }
    const r = x.rebate;
    const inc = ev.incentive;
    const lineWhy = (id: string) => inc.lines.find((l) => l.id === id)?.explanation ?? `no line ${id}`;
    if (r?.phase !== undefined && r.phase !== inc.phase) f.push(`rebate phase: expected ${r.phase}, got ${inc.phase}`);
    if (r?.final_cents !== undefined && r.final_cents !== inc.final_cents) {
      f.push(`rebate: expected final ${r.final_cents}, got ${inc.final_cents} (${inc.lines.map((l) => l.explanation).join('; ')})`);
    }
    if (r?.range_cents && (r.range_cents[0] !== inc.range.min_cents || r.range_cents[1] !== inc.range.max_cents)) {
      f.push(`rebate range: expected ${r.range_cents.join('-')}, got ${inc.range.min_cents}-${inc.range.max_cents}`);
    }
    for (const [id, amount] of Object.entries(r?.lines ?? {})) {
      const line = inc.lines.find((l) => l.id === id);
      if (line?.amount_cents !== amount) f.push(`line ${id}: expected ${amount}, got ${line?.amount_cents ?? 'no line'} (${lineWhy(id)})`);
    }
    for (const spec of r?.capped ?? []) {
      const [id, cap] = spec.split(':');
      const line = inc.lines.find((l) => l.id === id);
      if (!line?.capped_by || (cap && line.capped_by.cap !== cap)) f.push(`line ${id}: expected capped by ${cap ?? 'a cap'}, got ${line?.capped_by?.cap ?? 'not capped'}`);
    }
    for (const [id, [m, l]] of Object.entries(r?.material_labor ?? {})) {
      const line = inc.lines.find((x) => x.id === id);
      if (line?.material_cents !== m || line?.labor_cents !== l) f.push(`line ${id}: expected material/labor ${m}/${l}, got ${line?.material_cents}/${line?.labor_cents}`);
    }
    if (x.messages || x.no_messages) {
      const facts = buildFacts(program, job, ctx);
      const checked = checkTaskRules(program, facts);
      const fired = [...checked.errors, ...checked.warnings];
      // The forms' own rules and warnings, for every task with data whose form exists.
      for (const t of program.tasks) {
        const form = forms[t.form];
        const data = job.tasks?.[t.id]?.data;
        if (!form || !data) continue;
        const v = validateTask(form, data, facts);
        for (const m of [...v.errors, ...v.warnings]) fired.push({ rule: `${t.form} form`, task: t.id, path: m.path, message: m.message });
      }
      for (const m of x.messages ?? []) if (!fired.some((e) => e.message === m)) f.push(`message not fired: "${m}" (fired: ${fired.map((e) => `${e.rule}: ${e.message}`).join('; ') || 'none'})`);
      for (const m of x.no_messages ?? []) {
        const hit = fired.find((e) => e.message === m);
        if (hit) f.push(`message fired but should not: "${m}" (rule ${hit.rule} on ${hit.task})`);
      }
    }
    return { name: c.name, ok: f.length === 0, failures: f, range: cases.parsed.locate(['cases', i]), evaluation: ev };
  });
}
