/**
 * Checks of a form's own messages: a `messages` key ends with a field path or a JSON Schema keyword
 * that can fail (`photos.minItems`), and every `{name}` in a message has a value to fill it.
 */

import { closest } from './suggest.ts';
import { deref, itemsOf, levelFields } from './form-fields.ts';
import type { Report } from './schema-keywords.ts';

type Node = Record<string, unknown>;

/** The JSON Schema keywords whose failure a message can replace (ajv's error keywords). */
export const MESSAGE_KEYWORDS: readonly string[] = [
  'required',
  'type',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'enum',
  'const',
  'minItems',
  'maxItems',
  'uniqueItems',
  'contains',
  'minProperties',
  'maxProperties',
  'additionalProperties',
  'additionalItems',
  'propertyNames',
  'dependencies',
  'not',
  'anyOf',
  'oneOf',
  'if',
  'false schema',
];

const isNode = (v: unknown): v is Node => !!v && typeof v === 'object' && !Array.isArray(v);
const PLACEHOLDER = /\{(\w+)\}/g;

/** Checks each `messages` key after its first segment (the field, checked with the form's other field names). */
export function lintMessageKeys(
  messages: unknown,
  schema: Node,
  definitions: Record<string, unknown>,
  report: Report,
): void {
  if (!isNode(messages)) return;
  for (const [key, text] of Object.entries(messages)) {
    const parts = key.split('.');
    let cur: Node | undefined = deref(levelFields(schema, []).get(parts[0])?.[0]?.node, definitions);
    if (!cur) continue;
    for (let i = 1; i < parts.length; i++) {
      const seg = parts[i];
      const last = i === parts.length - 1;
      if (seg === '*' && cur) {
        cur = deref(itemsOf(cur, definitions), definitions);
        continue;
      }
      const sub: Map<string, unknown> = cur ? levelFields(cur, []) : new Map();
      if (sub.has(seg)) {
        cur = deref((sub.get(seg) as { node: Node }[])[0].node, definitions);
        continue;
      }
      if (last && MESSAGE_KEYWORDS.includes(seg)) break;
      const candidates = [...MESSAGE_KEYWORDS, ...sub.keys(), ...(cur && itemsOf(cur, definitions) ? ['*'] : [])];
      const hint = closest(seg, candidates);
      const what = last ? 'a keyword a field can fail (required, minItems, pattern, ...) or a field of' : 'a field of';
      report(
        'unknown-message-key',
        `'${seg}' in messages key '${key}' is not ${what} '${parts.slice(0, i).join('.')}', so this message never shows` +
          (hint ? ` (did you mean '${hint}'?)` : ''),
        ['messages', key],
        true,
      );
      break;
    }
    lintPlaceholders(text, undefined, ['messages', key], report);
  }
}

/** Checks the `{name}` placeholders of each form rule's message against its `params`. */
export function lintRuleParams(rules: unknown, report: Report): void {
  if (!Array.isArray(rules)) return;
  rules.forEach((r, i) => {
    if (!isNode(r)) return;
    lintPlaceholders(r.message, isNode(r.params) ? (r.params as Node) : undefined, ['rules', i, 'message'], report);
  });
}

/** Each `{name}` in a message must have a value in `params` (messages without params take none). */
export function lintPlaceholders(
  text: unknown,
  params: Node | undefined,
  at: (string | number)[],
  report: Report,
): void {
  if (typeof text !== 'string') return;
  const names = Object.keys(params ?? {});
  for (const m of text.matchAll(PLACEHOLDER)) {
    if (params && m[1] in params) continue;
    const hint = closest(m[1], names);
    const why = params ? `params has no '${m[1]}'` : 'this message has no params';
    report(
      'unknown-message-param',
      `'{${m[1]}}' would show as typed: ${why}` + (hint ? ` (params has '${hint}': one of the two is misspelt)` : ''),
      at,
    );
  }
}
