/** Runs a program's cases.yaml: each example job against its expected outcomes. */

import { evaluateJob } from './evaluate-job.ts';
import { buildFacts } from './facts.ts';
import { checkTaskRules } from './task-rules.ts';
import type { JobEvaluation, JobInput, Program, SourceRange, TaskForm } from './types.ts';
import { validateTask } from './forms/validate-task.ts';
import type { CasesFile } from './load/definition-types.ts';

/**
 * What an expectation should now say for the case to pass: the new value of the expectation at
 * `path` (inside the case's `expect`), whole (a list or map is replaced entirely, so fixes never overlap).
 */
export interface CaseFix {
  path: string[];
  value: unknown;
}

/** The outcome of one case. */
export interface CaseResult {
  name: string;
  ok: boolean;
  /** One line per expectation that did not hold, naming the rule that decided it. */
  failures: string[];
  /** The expectations rewritten from what the engine now says (what `rebate cases --update` writes). */
  fixes: CaseFix[];
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

const sameSet = (a: string[], b: string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');
const list = (a: string[]) => (a.length ? a.join(', ') : '(none)');
/** The new list in the order the old one wrote what both hold, then what is new (a smaller diff). */
const keepOrder = (old: string[], now: string[]) => [
  ...old.filter((v) => now.includes(v)),
  ...now.filter((v) => !old.includes(v)),
];
/** A map with each value recomputed; keys whose value is now undefined are dropped. */
function remap<V>(map: Record<string, unknown>, now: (key: string) => V | undefined): Record<string, V> {
  const out: Record<string, V> = {};
  for (const k of Object.keys(map)) {
    const v = now(k);
    if (v !== undefined) out[k] = v;
  }
  return out;
}

/** Evaluates every case of a cases file against a program. */
export function runCases(program: Program, cases: CasesFile, forms: Record<string, TaskForm> = {}): CaseResult[] {
  const doc = cases.value as {
    today: string;
    base?: JobInput;
    cases: { name: string; today?: string; job?: JobInput; expect: Expect }[];
  };
  return doc.cases.map((c, i) => {
    const job = mergeJob<JobInput>(doc.base ?? {}, c.job ?? {});
    const ctx = { today: c.today ?? doc.today, explain: true };
    const ev = evaluateJob(program, job, ctx);
    const f: string[] = [];
    const fixes: CaseFix[] = [];
    const fix = (path: string[], value: unknown) => fixes.push({ path, value });
    const x = c.expect;
    const el = ev.eligibility;
    const why = () =>
      [
        ...el.reasons.map((r) => r.because?.text ?? r.rule),
        ...el.pending.map((r) => `pending: ${r.rule} needs ${r.missing?.join(', ')}`),
        ...el.undetermined.map((r) => `unable: ${r.rule}: ${r.error}`),
      ].join('; ') || 'no rule fired';
    if (x.eligibility !== undefined && x.eligibility !== el.status) {
      f.push(`eligibility: expected ${x.eligibility}, got ${el.status} (${why()})`);
      fix(['eligibility'], el.status);
    }
    const reasons = el.reasons.map((r) => r.code);
    if (x.reasons !== undefined && !sameSet(x.reasons, reasons)) {
      f.push(`reasons: expected ${list(x.reasons)}, got ${list(reasons)} (${why()})`);
      fix(['reasons'], keepOrder(x.reasons, reasons));
    }
    if (x.stage !== undefined && x.stage !== ev.stage.number) {
      f.push(`stage: expected ${x.stage}, got ${ev.stage.number} (${ev.stage.explanation})`);
      fix(['stage'], ev.stage.number);
    }
    if (x.tab !== undefined && x.tab !== ev.stage.tab) {
      f.push(`tab: expected ${x.tab}, got ${ev.stage.tab} (${ev.stage.explanation})`);
      fix(['tab'], ev.stage.tab);
    }
    const open = ev.tasks.filter((t) => t.status === 'READY' || t.status === 'IN_PROGRESS').map((t) => t.id);
    if (x.open_tasks !== undefined && !sameSet(x.open_tasks, open)) {
      f.push(`open tasks: expected ${list(x.open_tasks)}, got ${list(open)}`);
      fix(['open_tasks'], keepOrder(x.open_tasks, open));
    }
    // Subset expectations: what no longer holds is dropped (the diff shows it).
    const locked = (id: string) => ev.tasks.find((t) => t.id === id)?.status === 'LOCKED';
    for (const id of x.locked_tasks ?? []) {
      const t = ev.tasks.find((t) => t.id === id);
      if (t?.status !== 'LOCKED') f.push(`task ${id}: expected LOCKED, got ${t ? t.status : 'not applicable'}`);
    }
    if (x.locked_tasks?.some((id) => !locked(id))) fix(['locked_tasks'], x.locked_tasks.filter(locked));
    for (const id of x.skipped_tasks ?? [])
      if (!ev.skipped_tasks.includes(id)) f.push(`task ${id}: expected not to apply, but it does`);
    if (x.skipped_tasks?.some((id) => !ev.skipped_tasks.includes(id)))
      fix(
        ['skipped_tasks'],
        x.skipped_tasks.filter((id) => ev.skipped_tasks.includes(id)),
      );
    const ownerOf = (id: string) => ev.tasks.find((t) => t.id === id)?.owner;
    for (const [id, owner] of Object.entries(x.owners ?? {})) {
      if (ownerOf(id) !== owner) f.push(`task ${id}: expected owner ${owner}, got ${ownerOf(id) ?? 'not applicable'}`);
    }
    if (x.owners && Object.entries(x.owners).some(([id, owner]) => ownerOf(id) !== owner))
      fix(['owners'], remap(x.owners, ownerOf));
    const r = x.rebate;
    const inc = ev.incentive;
    const lineWhy = (id: string) => inc.lines.find((l) => l.id === id)?.explanation ?? `no line ${id}`;
    if (r?.phase !== undefined && r.phase !== inc.phase) {
      f.push(`rebate phase: expected ${r.phase}, got ${inc.phase}`);
      fix(['rebate', 'phase'], inc.phase);
    }
    if (r?.final_cents !== undefined && r.final_cents !== inc.final_cents) {
      f.push(
        `rebate: expected final ${r.final_cents}, got ${inc.final_cents} (${inc.lines.map((l) => l.explanation).join('; ')})`,
      );
      fix(['rebate', 'final_cents'], inc.final_cents);
    }
    if (r?.range_cents && (r.range_cents[0] !== inc.range.min_cents || r.range_cents[1] !== inc.range.max_cents)) {
      f.push(`rebate range: expected ${r.range_cents.join('-')}, got ${inc.range.min_cents}-${inc.range.max_cents}`);
      fix(['rebate', 'range_cents'], [inc.range.min_cents, inc.range.max_cents]);
    }
    const lineOf = (id: string) => inc.lines.find((l) => l.id === id);
    for (const [id, amount] of Object.entries(r?.lines ?? {})) {
      const line = lineOf(id);
      if (line?.amount_cents !== amount)
        f.push(`line ${id}: expected ${amount}, got ${line?.amount_cents ?? 'no line'} (${lineWhy(id)})`);
    }
    if (r?.lines && Object.entries(r.lines).some(([id, amount]) => lineOf(id)?.amount_cents !== amount))
      fix(
        ['rebate', 'lines'],
        remap(r.lines, (id) => lineOf(id)?.amount_cents),
      );
    // 'line' or 'line:cap': rewritten to the cap that now applies, dropped when the line is not capped.
    const cappedNow = (spec: string) => {
      const [id, cap] = spec.split(':');
      const by = lineOf(id)?.capped_by?.cap;
      return by === undefined ? undefined : cap ? `${id}:${by}` : id;
    };
    for (const spec of r?.capped ?? []) {
      const [id, cap] = spec.split(':');
      const line = lineOf(id);
      if (!line?.capped_by || (cap && line.capped_by.cap !== cap))
        f.push(`line ${id}: expected capped by ${cap ?? 'a cap'}, got ${line?.capped_by?.cap ?? 'not capped'}`);
    }
    if (r?.capped?.some((spec) => cappedNow(spec) !== spec))
      fix(
        ['rebate', 'capped'],
        r.capped.map(cappedNow).filter((s) => s !== undefined),
      );
    const split = (id: string) => {
      const line = lineOf(id);
      return line?.material_cents === undefined || line.labor_cents === undefined
        ? undefined
        : [line.material_cents, line.labor_cents];
    };
    for (const [id, [m, l]] of Object.entries(r?.material_labor ?? {})) {
      const line = lineOf(id);
      if (line?.material_cents !== m || line?.labor_cents !== l)
        f.push(`line ${id}: expected material/labor ${m}/${l}, got ${line?.material_cents}/${line?.labor_cents}`);
    }
    if (
      r?.material_labor &&
      Object.entries(r.material_labor).some(([id, ml]) => JSON.stringify(split(id)) !== JSON.stringify(ml))
    ) {
      fix(['rebate', 'material_labor'], remap(r.material_labor, split));
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
        for (const m of [...v.errors, ...v.warnings])
          fired.push({ rule: `${t.form} form`, task: t.id, path: m.path, message: m.message });
      }
      const didFire = (m: string) => fired.some((e) => e.message === m);
      for (const m of x.messages ?? [])
        if (!didFire(m))
          f.push(
            `message not fired: "${m}" (fired: ${fired.map((e) => `${e.rule}: ${e.message}`).join('; ') || 'none'})`,
          );
      for (const m of x.no_messages ?? []) {
        const hit = fired.find((e) => e.message === m);
        if (hit) f.push(`message fired but should not: "${m}" (rule ${hit.rule} on ${hit.task})`);
      }
      if (x.messages?.some((m) => !didFire(m))) fix(['messages'], x.messages.filter(didFire));
      if (x.no_messages?.some(didFire))
        fix(
          ['no_messages'],
          x.no_messages.filter((m) => !didFire(m)),
        );
    }
    return {
      name: c.name,
      ok: f.length === 0,
      failures: f,
      fixes,
      range: cases.parsed.locate(['cases', i]),
      evaluation: ev,
    };
  });
}
