/**
 * What changed between two versions of a definition document (a program.yaml, a form, a shared file), as
 * the list of leaf paths whose value differs: `incentives.caps.heat_pump: 800000 -> 650000`. Lists of
 * objects with an `id` (tasks, rules, documents) are matched by id, so moving or inserting one item does
 * not report every item after it; other lists are compared by position.
 */

/** One changed value: its dotted path (list items by `[id]` or `[index]`), before and after (undefined: absent). */
export interface DefinitionChange {
  path: string;
  before: unknown;
  after: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const byId = (list: unknown[]) =>
  list.every((x) => isObject(x) && typeof x.id === 'string') &&
  new Set(list.map((x) => (x as { id: string }).id)).size === list.length;

function walk(before: unknown, after: unknown, path: string, out: DefinitionChange[]) {
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    for (const k of keys) walk(before[k], after[k], path ? `${path}.${k}` : k, out);
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    if (byId(before) && byId(after)) {
      const a = new Map(before.map((x) => [(x as { id: string }).id, x]));
      const b = new Map(after.map((x) => [(x as { id: string }).id, x]));
      for (const id of new Set([...a.keys(), ...b.keys()])) walk(a.get(id), b.get(id), `${path}[${id}]`, out);
      return;
    }
    if (
      before.every((x) => !isObject(x) && !Array.isArray(x)) &&
      after.every((x) => !isObject(x) && !Array.isArray(x))
    ) {
      if (JSON.stringify(before) !== JSON.stringify(after)) out.push({ path, before, after });
      return;
    }
    for (let i = 0; i < Math.max(before.length, after.length); i++) walk(before[i], after[i], `${path}[${i}]`, out);
    return;
  }
  if (JSON.stringify(before) !== JSON.stringify(after)) out.push({ path, before, after });
}

/** The changed leaf values from `before` to `after`, in document order. */
export function definitionChanges(before: unknown, after: unknown): DefinitionChange[] {
  const out: DefinitionChange[] = [];
  walk(before, after, '', out);
  return out;
}

/** A change as a program manager reads it: `incentives.caps.heat_pump changed 800000 -> 650000`. */
export function describeChange(c: DefinitionChange): string {
  const show = (v: unknown) => (v === undefined ? '(absent)' : typeof v === 'string' ? v : JSON.stringify(v));
  if (c.before === undefined) return `${c.path} added: ${show(c.after)}`;
  if (c.after === undefined) return `${c.path} removed (was ${show(c.before)})`;
  return `${c.path} changed ${show(c.before)} -> ${show(c.after)}`;
}
