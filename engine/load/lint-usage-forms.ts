/**
 * A form's rules reading `usage.*` in a program that collects no energy usage: the facts are set only by usage
 * collection (program.yaml `usage_collection:`), so in such a program the rule reads nothing, and a `valid_if` over
 * usage fails (or an `applies_if` never holds) on every job. The program's own reads are lint-usage.ts's
 * (usage-not-collected at the program's line); this reports a form's, at the read in the form file, once per form,
 * naming the programs that use the form and collect no usage. A `shown_if` reading usage is already an error of its
 * own (a field's condition reads only job.* and derived.today), and `usage_prefill` is only a suggestion, left empty
 * where nothing is collected: neither is reported here.
 */

import { factsReadAt, type Logic } from '../logic/walk.ts';
import type { Diagnostic, TaskForm } from '../types.ts';
import type { ParsedFile } from './yaml-source.ts';

type Path = (string | number)[];
type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => !!v && typeof v === 'object' && !Array.isArray(v);

/** The usage.* reads of a form's rules, in the file's order: the fact, the rule's id and the read's path. */
function formUsageReads(raw: Node): { fact: string; rule: string; at: Path }[] {
  const out: { fact: string; rule: string; at: Path }[] = [];
  (Array.isArray(raw.rules) ? raw.rules : []).forEach((r, i) => {
    if (!isNode(r)) return;
    for (const part of ['applies_if', 'valid_if'] as const) {
      if (r[part] === undefined) continue;
      for (const { fact, path } of factsReadAt(r[part] as Logic))
        if (fact === 'usage' || fact.startsWith('usage.'))
          out.push({ fact, rule: String(r.id), at: ['rules', i, part, ...path] });
    }
  });
  return out;
}

/** Reports each form whose rules read usage.* while a program using it collects no usage. */
export function lintUsageForms(
  programs: ParsedFile[],
  formFiles: ParsedFile[],
  forms: Record<string, TaskForm>,
  out: Diagnostic[],
): void {
  // The programs that collect no usage, by the forms their tasks name.
  const withoutUsage = new Map<string, string[]>();
  for (const parsed of programs) {
    const raw = parsed.value;
    if (!isNode(raw) || raw.usage_collection || !Array.isArray(raw.tasks)) continue;
    for (const t of raw.tasks) {
      if (!isNode(t) || typeof t.form !== 'string') continue;
      const ids = withoutUsage.get(t.form) ?? [];
      if (!ids.includes(String(raw.id))) withoutUsage.set(t.form, [...ids, String(raw.id)]);
    }
  }
  for (const parsed of formFiles) {
    const raw = parsed.value;
    if (!isNode(raw) || typeof raw.key !== 'string' || forms[raw.key]?.file !== parsed.file) continue;
    const ids = withoutUsage.get(raw.key);
    if (!ids) continue;
    const reads = formUsageReads(raw);
    if (!reads.length) continue;
    const [first] = reads;
    const more = reads.length > 1 ? ` (and ${reads.length - 1} more usage read${reads.length > 2 ? 's' : ''})` : '';
    const programsOf = ids.length === 1 ? `program ${ids[0]}` : `programs ${ids.join(', ')}`;
    out.push({
      code: 'usage-not-collected',
      severity: 'error',
      file: parsed.file,
      path: first.at,
      range: parsed.locate(first.at),
      message:
        `rule '${first.rule}' of form '${raw.key}' reads '${first.fact}'${more}, but ${programsOf} ` +
        `${ids.length === 1 ? 'uses' : 'use'} this form and ${ids.length === 1 ? 'collects' : 'collect'} no energy ` +
        `usage (no usage_collection:), so '${first.fact}' is never set there and the rule never sees it: add ` +
        `usage_collection: { task: <the task that connects the utility account> } to ${ids.length === 1 ? 'it' : 'them'}, ` +
        `or read a fact the form or the job has`,
    });
  }
}
