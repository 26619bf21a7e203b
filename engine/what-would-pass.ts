/**
 * What would make it pass (issue 44, the engine's part): for a rule and a job's facts, the smallest change of the
 * answers it reads that turns its outcome the way wanted ("eligible with a household income up to $84,500"). It walks
 * the rule: a comparison of an answer with a value (`<`, `<=`, `>`, `>=`, `==`, `!=`, the three-argument range), an
 * answer among listed values (`in`), an answer read for its truth, `!` / `!!`, and `and` / `or` (every failing part of
 * an `and` changed at once, the cheapest part of an `or`), a value looked up in a fixed map by an answer (an income
 * level's band: each level whose band compares as wanted). Only answers change (a task's field: `<task>.<field>`);
 * the job's site, constants, tables and derived facts stay. A suggestion is checked by evaluating the whole rule again
 * with the change in place (reference semantics): one that would not flip it is never given. Where no change of these
 * kinds flips it (a table lookup, two answers compared with each other), the answer is null: "no single change".
 */

import { RESERVED_FACT_ROOTS, readFact } from './facts.ts';
import { applyReference, truthy } from './logic/evaluators.ts';
import type { Logic } from './logic/walk.ts';

/** One change: the answer at `fact` set to `value`; `bound` says whether it is the limit of a range (`up to`). */
export interface FactChange {
  fact: string;
  value: unknown;
  /** A bound (any value on this side of it also does: 'at_most', 'at_least'), or exactly this value ('exactly'). */
  bound: 'at_most' | 'at_least' | 'exactly';
}

/** The changes that together make the rule come out as wanted. */
export type Suggestion = FactChange[];

const COMPARISONS = new Set(['<', '<=', '>', '>=', '==', '===', '!=', '!==']);
/** The mirror of a comparison when the answer is on its right: `c < x` is `x > c`. */
const MIRROR: Record<string, string> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=' };
/** The comparison that holds exactly when one does not. */
const NEGATE: Record<string, string> = {
  '<': '>=',
  '<=': '>',
  '>': '<=',
  '>=': '<',
  '==': '!=',
  '===': '!==',
  '!=': '==',
  '!==': '===',
};
/** How many alternatives each part keeps (the cheapest first): enough for an `or` of a few parts. */
const KEEP = 4;

/** The answer a node reads, when it is just that: `{ var: "task.field" }` (with or without a default). */
function answerOf(node: Logic): string | null {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return null;
  const keys = Object.keys(node);
  if (keys.length !== 1 || keys[0] !== 'var') return null;
  const raw = (node as { var: unknown }).var;
  const path = Array.isArray(raw) ? raw[0] : raw;
  if (typeof path !== 'string' || !path.includes('.')) return null;
  return (RESERVED_FACT_ROOTS as readonly string[]).includes(path.split('.')[0]) ? null : path;
}

/** Whether a node reads any answer (then its value is not a fixed point to compare with). */
function readsAnswer(node: Logic): boolean {
  if (answerOf(node)) return true;
  if (!node || typeof node !== 'object') return false;
  if (Array.isArray(node)) return node.some(readsAnswer);
  return Object.entries(node).some(([k, v]) => k !== 'var' && readsAnswer(v as Logic));
}

/** The facts with the changes in place (a copy: the caller's facts are never touched). */
export function withChanges(facts: object, changes: Suggestion): object {
  const out = structuredClone(facts) as Record<string, unknown>;
  for (const c of changes) {
    const parts = c.fact.split('.');
    let at = out;
    for (const p of parts.slice(0, -1)) {
      if (!at[p] || typeof at[p] !== 'object') at[p] = {};
      at = at[p] as Record<string, unknown>;
    }
    at[parts[parts.length - 1]] = c.value;
  }
  return out;
}

/** The value just past a number on one side (integers step by 1, as cents and counts do). */
const past = (n: number, up: boolean) => (Number.isInteger(n) ? n + (up ? 1 : -1) : n + (up ? 1e-6 : -1e-6));

/** The change that makes `answer <op> c` hold, or null when no single value is the obvious one (`!=` a string). */
function toHold(fact: string, op: string, c: unknown, current: unknown): FactChange | null {
  if (typeof c === 'number') {
    switch (op) {
      case '<':
        return { fact, value: past(c, false), bound: 'at_most' };
      case '<=':
        return { fact, value: c, bound: 'at_most' };
      case '>':
        return { fact, value: past(c, true), bound: 'at_least' };
      case '>=':
        return { fact, value: c, bound: 'at_least' };
      case '==':
      case '===':
        return { fact, value: c, bound: 'exactly' };
      default:
        return typeof current === 'number' ? null : { fact, value: past(c, true), bound: 'exactly' };
    }
  }
  if (op === '==' || op === '===') return { fact, value: c, bound: 'exactly' };
  if ((op === '!=' || op === '!==') && typeof c === 'boolean') return { fact, value: !c, bound: 'exactly' };
  return null;
}

/** Alternatives (each a list of changes), cheapest first; [[]] when nothing needs to change; [] when none found. */
function suggest(node: Logic, facts: object, want: boolean): Suggestion[] {
  let now: unknown;
  try {
    now = applyReference(node, facts);
  } catch {
    return [];
  }
  if (truthy(now) === want) return [[]];
  const answer = answerOf(node);
  if (answer) {
    const current = readFact(facts as Record<string, unknown>, answer);
    return typeof current === 'boolean' || current === undefined || current === null
      ? [[{ fact: answer, value: want, bound: 'exactly' }]]
      : [];
  }
  if (!node || typeof node !== 'object' || Array.isArray(node)) return [];
  const keys = Object.keys(node);
  if (keys.length !== 1) return [];
  const op = keys[0];
  const raw = (node as Record<string, unknown>)[op];
  const args = (Array.isArray(raw) ? raw : [raw]) as Logic[];
  switch (op) {
    case '!':
      return suggest(args[0], facts, !want);
    case '!!':
      return suggest(args[0], facts, want);
    case 'and':
      return want ? all(args, facts, true) : any(args, facts, false);
    case 'or':
      return want ? any(args, facts, true) : all(args, facts, false);
    case 'in':
      return among(args, facts, want);
    default:
      return COMPARISONS.has(op) ? compared(op, args, facts, want) : [];
  }
}

/** Every part as wanted at once: the cheapest alternative of each, merged (none when two disagree on an answer). */
function all(parts: Logic[], facts: object, want: boolean): Suggestion[] {
  let merged: Suggestion = [];
  for (const part of parts) {
    const best = suggest(part, facts, want)[0];
    if (!best) return [];
    for (const c of best) {
      const same = merged.find((m) => m.fact === c.fact);
      if (same && JSON.stringify(same.value) !== JSON.stringify(c.value)) return [];
      if (!same) merged = [...merged, c];
    }
  }
  return [merged];
}

/** Any one part as wanted: the alternatives of every part, fewest changes first. */
function any(parts: Logic[], facts: object, want: boolean): Suggestion[] {
  return parts
    .flatMap((p) => suggest(p, facts, want).slice(0, KEEP))
    .sort((a, b) => a.length - b.length)
    .slice(0, KEEP);
}

/** `in`: an answer among fixed values (wanted in: each value an alternative; wanted out: no single value). */
function among(args: Logic[], facts: object, want: boolean): Suggestion[] {
  const [needle, haystack] = args;
  const answer = answerOf(needle);
  if (!answer || readsAnswer(haystack) || !want) return [];
  let list: unknown;
  try {
    list = applyReference(haystack, facts);
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  return list.slice(0, KEEP).map((v) => [{ fact: answer, value: v, bound: 'exactly' as const }]);
}

/** `{ lookup: [fixed map, answer] }`: the map and the answer that picks its entry (else null). */
function lookedUp(
  node: Logic,
  fixed: (n: Logic) => { ok: true; value: unknown } | { ok: false },
): { node: Logic; answer: string; map: Record<string, unknown> } | null {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return null;
  const l = (node as { lookup?: unknown }).lookup;
  if (!Array.isArray(l) || l.length !== 2) return null;
  const answer = answerOf(l[1] as Logic);
  const map = fixed(l[0] as Logic);
  if (!answer || !map.ok || !map.value || typeof map.value !== 'object' || Array.isArray(map.value)) return null;
  return { node, answer, map: map.value as Record<string, unknown> };
}

/** A comparison of one answer with a fixed value (or the range `a < x < b`), or with a value looked up by one. */
function compared(op: string, args: Logic[], facts: object, want: boolean): Suggestion[] {
  const fixed = (n: Logic) => {
    if (readsAnswer(n)) return { ok: false as const };
    try {
      return { ok: true as const, value: applyReference(n, facts) };
    } catch {
      return { ok: false as const };
    }
  };
  if (args.length === 3 && (op === '<' || op === '<=') && want) {
    // a < x < b: x inside the range, at the near end.
    const answer = answerOf(args[1]);
    const lo = fixed(args[0]);
    const hi = fixed(args[2]);
    if (!answer || !lo.ok || !hi.ok || typeof lo.value !== 'number' || typeof hi.value !== 'number') return [];
    const current = Number(readFact(facts as Record<string, unknown>, answer));
    const low = op === '<' ? past(lo.value, true) : lo.value;
    const high = op === '<' ? past(hi.value, false) : hi.value;
    if (low > high) return [];
    return [
      [
        current < low
          ? { fact: answer, value: low, bound: 'at_least' }
          : { fact: answer, value: high, bound: 'at_most' },
      ],
    ];
  }
  if (args.length !== 2) return [];
  const [a, b] = args;
  const left = answerOf(a);
  const right = answerOf(b);
  const holding = want ? op : NEGATE[op];
  // A value looked up by an answer in a fixed map (an income level's band): each key whose value compares as wanted.
  const looked = lookedUp(a, fixed) ?? lookedUp(b, fixed);
  if (looked && !left && !right) {
    const other = looked.node === a ? fixed(b) : fixed(a);
    if (!other.ok) return [];
    const holds = (v: unknown) => {
      const pair = looked.node === a ? [v, other.value] : [other.value, v];
      try {
        return truthy(applyReference({ [holding]: pair } as Logic, {}));
      } catch {
        return false;
      }
    };
    // Nearest the key picked now first (the map's order: the next income level, not the lowest).
    const keys = Object.keys(looked.map);
    let picked = -1;
    try {
      picked = keys.indexOf(String(applyReference((looked.node as { lookup: Logic[] }).lookup[1], facts)));
    } catch {
      picked = -1;
    }
    const distance = (k: string) => (picked < 0 ? keys.indexOf(k) : Math.abs(keys.indexOf(k) - picked));
    return Object.entries(looked.map)
      .filter(([, v]) => holds(v))
      .sort(([x], [y]) => distance(x) - distance(y))
      .slice(0, KEEP)
      .map(([k]) => [{ fact: looked.answer, value: k, bound: 'exactly' as const }]);
  }
  if (left && !right) {
    const c = fixed(b);
    if (!c.ok) return [];
    const change = toHold(left, holding, c.value, readFact(facts as Record<string, unknown>, left));
    return change ? [[change]] : [];
  }
  if (right && !left) {
    const c = fixed(a);
    if (!c.ok) return [];
    const change = toHold(
      right,
      MIRROR[holding] ?? holding,
      c.value,
      readFact(facts as Record<string, unknown>, right),
    );
    return change ? [[change]] : [];
  }
  return [];
}

/**
 * The smallest change of the answers that makes `logic` come out `want` (true: a qualifying rule met; false: an
 * ineligibility rule no longer met), checked against the whole rule; [] when nothing needs to change; null when no
 * change of the kinds above flips it.
 */
export function whatWouldPass(logic: Logic, facts: object, want: boolean): Suggestion | null {
  for (const s of suggest(logic, facts, want)) {
    let after: unknown;
    try {
      after = applyReference(logic, withChanges(facts, s));
    } catch {
      continue;
    }
    if (truthy(after) === want) return s;
  }
  return null;
}
