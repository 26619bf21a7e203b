/**
 * Completion and hover for a definition file: keys and enum values from the DSL's meta-schema of the file's kind, and
 * the program's own names where the DSL refers to them (fact paths inside a rule's `var`, task ids where a task is
 * named, forms, stages, measures, signers). Pure functions of the text and cursor; code-editor.tsx adapts them.
 */

import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { kindOf } from '../../../../engine/load/file-names.ts';
import { META_SCHEMAS } from '../../../../engine/load/meta-validate.ts';
import type { Vocabulary } from './lint-run.ts';
import { descriptionOf, keysAt, valuesAt, type Help } from './schema-help.ts';
import { yamlContext } from './yaml-context.ts';

type Schema = Record<string, unknown>;

/** Keys whose value names tasks, forms, stages, measures or signers of the program. */
const NAMED_BY: Record<string, keyof Omit<Vocabulary, 'facts'>> = {
  after: 'tasks',
  task: 'tasks',
  tasks: 'tasks',
  form: 'forms',
  stage: 'stages',
  measures: 'measures',
  measure: 'measures',
  role: 'signers',
  signers: 'signers',
};

const schemaOf = (path: string) => {
  const kind = kindOf(path);
  return kind ? (META_SCHEMAS[kind] as Schema) : undefined;
};

/** What completes the word at `pos`: labels with what they are. */
export function completionsAt(
  file: string,
  text: string,
  pos: number,
  vocabulary: Vocabulary | undefined,
): { from: number; options: Help[] } | undefined {
  const ctx = yamlContext(text, pos);
  const schema = schemaOf(file);
  if (ctx.inVar) {
    if (!vocabulary) return undefined;
    // A task id alone reads the task's answers; with a field, one answer.
    const tasks = vocabulary.tasks.map((label) => ({ label, detail: 'task' }));
    return { from: ctx.from, options: [...tasks, ...vocabulary.facts.map((label) => ({ label, detail: 'fact' }))] };
  }
  if (ctx.valueOf) {
    const named = NAMED_BY[ctx.valueOf];
    const own = named && vocabulary ? vocabulary[named].map((v) => ({ label: String(v), detail: named })) : [];
    const enums = schema ? valuesAt(schema, ctx.path, ctx.valueOf) : [];
    const options = [...enums, ...own];
    return options.length ? { from: ctx.from, options } : undefined;
  }
  if (!schema) return undefined;
  const keys = keysAt(schema, ctx.path);
  return keys.length ? { from: ctx.from, options: keys } : undefined;
}

/** The DSL reference's words on the key at `pos` (the word under the pointer, followed by a colon). */
export function hoverAt(file: string, text: string, pos: number): string | undefined {
  const schema = schemaOf(file);
  if (!schema) return undefined;
  const lineStart = text.lastIndexOf('\n', pos - 1) + 1;
  const lineEnd = text.indexOf('\n', pos);
  const line = text.slice(lineStart, lineEnd === -1 ? undefined : lineEnd);
  const at = pos - lineStart;
  for (const m of line.matchAll(/([\w-]+)["']?\s*:/g)) {
    const start = m.index;
    if (at < start || at > start + m[1].length) continue;
    const ctx = yamlContext(text, lineStart + start);
    const key = m[1];
    return descriptionOf(schema, ctx.path, key) ?? undefined;
  }
  return undefined;
}

/** A CodeMirror completion source for the file shown. */
export function completionSource(file: () => string, vocabulary: () => Vocabulary | undefined) {
  return (cm: CompletionContext): CompletionResult | null => {
    const found = completionsAt(file(), cm.state.doc.toString(), cm.pos, vocabulary());
    if (!found) return null;
    const word = cm.state.sliceDoc(found.from, cm.pos);
    if (!word && !cm.explicit && !/[:\s]$/.test(cm.state.sliceDoc(cm.pos - 1, cm.pos))) return null;
    const options: Completion[] = found.options.map((o) => ({
      label: o.label,
      detail: o.detail && o.detail.length < 30 ? o.detail : undefined,
      info: o.detail && o.detail.length >= 30 ? o.detail : undefined,
      type: 'property',
    }));
    return { from: found.from, options, validFor: /^[\w.-]*$/ };
  };
}
