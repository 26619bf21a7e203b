/**
 * JSON Schema mistakes found where they are written: an unknown keyword (`maximun`), a type that is
 * no JSON Schema type (`int`), an unknown format, a pattern that is no regular expression, and (when a
 * schema does not compile) the meta-schema's own complaints, each at the keyword or value at fault
 * rather than at the top of the schema.
 */

import type { SchemaCompiler } from '../forms/compile-form.ts';
import { closest } from './suggest.ts';

type Path = (string | number)[];
type Node = Record<string, unknown>;

/** Reports a mistake: code, message, path (inside the file), whether the key (not the value) is at fault. */
export type Report = (code: string, message: string, path: Path, key?: boolean) => void;

/** What a JSON Schema compiler knows; an ajv instance knows all of it (a precompiled one nothing). */
export type SchemaKnowledge = Pick<SchemaCompiler, 'RULES' | 'formats' | 'validateSchema' | 'errors'>;

const JSON_TYPES = ['array', 'boolean', 'integer', 'null', 'number', 'object', 'string'];
const ONE_SCHEMA = [
  'additionalItems',
  'additionalProperties',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
  'items',
];
const SCHEMA_MAPS = ['properties', 'patternProperties', 'definitions', 'dependencies'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'items'];

/** Calls `visit` for a schema and every schema nested in it (by JSON Schema's structure, not data keys). */
export function eachSubschema(schema: unknown, at: Path, visit: (node: Node, at: Path) => void): void {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return;
  const node = schema as Node;
  visit(node, at);
  for (const k of ONE_SCHEMA)
    if (node[k] && typeof node[k] === 'object' && !Array.isArray(node[k])) eachSubschema(node[k], [...at, k], visit);
  for (const k of SCHEMA_LISTS)
    if (Array.isArray(node[k])) (node[k] as unknown[]).forEach((s, i) => eachSubschema(s, [...at, k, i], visit));
  for (const k of SCHEMA_MAPS) {
    const map = node[k];
    if (!map || typeof map !== 'object' || Array.isArray(map)) continue;
    for (const [name, s] of Object.entries(map)) if (!Array.isArray(s)) eachSubschema(s, [...at, k, name], visit);
  }
}

/** Checks the keywords of a schema fragment; `at` is its path in the file. Returns whether it found anything. */
export function lintSchemaKeywords(schema: unknown, at: Path, knows: SchemaKnowledge, report: Report): boolean {
  const keywords = knows.RULES ? Object.keys(knows.RULES.keywords) : undefined;
  const formats = knows.formats ? Object.keys(knows.formats) : undefined;
  let found = false;
  const bad: Report = (...args) => {
    found = true;
    report(...args);
  };
  eachSubschema(schema, at, (node, path) => {
    for (const [k, v] of Object.entries(node)) {
      if (keywords && !keywords.includes(k)) {
        const hint = closest(k, keywords);
        bad(
          'form-schema-keyword',
          `'${k}' is not a JSON Schema keyword, so it would check nothing` + (hint ? ` (did you mean '${hint}'?)` : ''),
          [...path, k],
          true,
        );
      }
      if (k === 'type') {
        (Array.isArray(v) ? v : [v]).forEach((t, i) => {
          if (typeof t === 'string' && JSON_TYPES.includes(t)) return;
          const hint = typeof t === 'string' ? closest(t, JSON_TYPES) : undefined;
          bad(
            'form-schema-invalid',
            `type '${String(t)}' is not a JSON Schema type (types: ${JSON_TYPES.join(', ')})` +
              (hint ? ` (did you mean '${hint}'?)` : ''),
            Array.isArray(v) ? [...path, k, i] : [...path, k],
          );
        });
      }
      if (k === 'format' && typeof v === 'string' && formats && !formats.includes(v)) {
        const hint = closest(v, formats);
        bad('form-schema-invalid', `unknown format '${v}'` + (hint ? ` (did you mean '${hint}'?)` : ''), [...path, k]);
      }
      if (k === 'pattern' && typeof v === 'string') {
        try {
          new RegExp(v, 'u');
        } catch (e) {
          bad('form-schema-invalid', `pattern is not a valid regular expression: ${(e as Error).message}`, [
            ...path,
            k,
          ]);
        }
      }
    }
  });
  return found;
}

/**
 * Where a schema that does not compile is wrong, by the meta-schema's errors (JSON Schema draft-07):
 * one diagnostic per place, at that place. `owns(path)` says whether a place is written in this file
 * (a form's schema holds the shared definitions too, which are reported in their own file).
 */
export function locateMetaErrors(
  schema: object,
  at: Path,
  knows: SchemaKnowledge,
  report: Report,
  owns: (path: Path) => boolean = () => true,
): boolean {
  if (!knows.validateSchema || knows.validateSchema(schema) === true) return false;
  const byPlace = new Map<string, { path: Path; messages: string[]; keyword: string }>();
  for (const e of knows.errors ?? []) {
    const path = e.instancePath
      ? e.instancePath
          .slice(1)
          .split('/')
          .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
          .map((s) => (/^\d+$/.test(s) ? Number(s) : s))
      : [];
    if (!owns(path)) continue;
    const sig = path.join('/');
    const entry = byPlace.get(sig) ?? { path, messages: [], keyword: e.keyword };
    // anyOf / oneOf restate their branches' errors: keep the first, plainest one.
    if (!['anyOf', 'oneOf'].includes(e.keyword) && e.message) entry.messages.push(e.message);
    byPlace.set(sig, entry);
  }
  // Errors about a place and about its parent: the deepest tells where the mistake is.
  const places = [...byPlace.values()].filter(
    (p) =>
      ![...byPlace.values()].some(
        (q) => q !== p && q.path.length > p.path.length && p.path.every((s, i) => q.path[i] === s),
      ),
  );
  for (const p of places) {
    const name = p.path.length ? String(p.path[p.path.length - 1]) : 'schema';
    report('form-schema-invalid', `'${name}' is not valid JSON Schema: it ${p.messages[0] ?? 'is invalid'}`, [
      ...at,
      ...p.path,
    ]);
  }
  return places.length > 0;
}

/** The one place of the keyword a compiler's message quotes (`strict mode: "additionalItems" is ignored ...`), if it is
 * one. */
export function keywordPlace(schema: unknown, at: (string | number)[], error: string): (string | number)[] | undefined {
  const keyword = /"([$\w]+)"/.exec(error)?.[1];
  if (keyword === undefined) return undefined;
  const places: (string | number)[][] = [];
  eachSubschema(schema, at, (node, path) => {
    if (keyword in node) places.push([...path, keyword]);
  });
  return places.length === 1 ? places[0] : undefined;
}
