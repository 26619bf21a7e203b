/**
 * Checks inside a form's `schema:` that JSON Schema itself accepts but that make a form wrong:
 * `required` naming a field the object does not have (the form can never be submitted), and an `if`
 * testing a field against a value that is not one of its options (the condition never holds).
 */

import { closest } from './suggest.ts';
import { deref, isOption, itemsOf, levelFields, levelParts, optionsOf, type Placed } from './form-fields.ts';
import type { Report } from './schema-keywords.ts';

type Node = Record<string, unknown>;
type Path = (string | number)[];

const isNode = (v: unknown): v is Node => !!v && typeof v === 'object' && !Array.isArray(v);
const show = (v: unknown) => (typeof v === 'string' ? `'${v}'` : JSON.stringify(v));

/** Checks the object schema `node` at `at` (the form's schema, or an object nested in it), then every object inside it.
 * */
export function lintFormSchema(
  node: unknown,
  at: Path,
  definitions: Record<string, unknown>,
  report: Report,
  root = true,
  seen = new Set<unknown>(),
): void {
  if (!isNode(node) || seen.has(node)) return;
  seen.add(node);
  const fields = levelFields(node, at);
  const parts = levelParts(node, at);
  const names = [...fields.keys()];
  // A level that declares no fields (a bare `{ type: object }`, a $ref) has nothing to compare against.
  const open = parts.some((p) => p.node.patternProperties !== undefined || p.node.$ref !== undefined);
  if ((root || names.length) && !open) {
    for (const p of parts) {
      if (!Array.isArray(p.node.required)) continue;
      (p.node.required as unknown[]).forEach((f, i) => {
        if (typeof f !== 'string' || fields.has(f)) return;
        const hint = closest(f, names);
        const where = root ? 'the form has no field' : 'this object has no field';
        report(
          'unknown-required-field',
          `required names '${f}', but ${where} '${f}' (so it could never be filled in)` +
            (hint ? ` (did you mean '${hint}'?)` : ''),
          [...p.at, 'required', i],
        );
      });
    }
  }
  for (const p of parts) if (isNode(p.node.if)) lintIf(p.node.if as Node, [...p.at, 'if'], fields, definitions, report);

  // Objects nested in this level: each field's own schema, list items, and the form's own definitions.
  for (const decls of fields.values()) for (const d of decls) lintNested(d, definitions, report, seen);
  if (root && isNode(node.definitions)) {
    for (const [name, s] of Object.entries(node.definitions as Node))
      lintFormSchema(s, [...at, 'definitions', name], definitions, report, false, seen);
  }
}

function lintNested(d: Placed, definitions: Record<string, unknown>, report: Report, seen: Set<unknown>) {
  // A $ref'd schema is checked where it is defined.
  if (d.node.$ref !== undefined) return;
  if (isNode(d.node.properties) || Array.isArray(d.node.required) || d.node.allOf || d.node.if)
    lintFormSchema(d.node, d.at, definitions, report, false, seen);
  if (isNode(d.node.items))
    lintNested({ node: d.node.items as Node, at: [...d.at, 'items'] }, definitions, report, seen);
}

/** An `if` compares fields with values: each value must be one the field can take. */
function lintIf(
  cond: Node,
  at: Path,
  fields: Map<string, Placed[]>,
  definitions: Record<string, unknown>,
  report: Report,
  parent?: string,
) {
  const props = cond.properties;
  if (parent !== undefined && Array.isArray(cond.required)) {
    (cond.required as unknown[]).forEach((f, i) => {
      if (typeof f !== 'string' || fields.has(f)) return;
      const hint = closest(f, [...fields.keys()]);
      report(
        'unknown-required-field',
        `required names '${f}', but '${parent}' has no field '${f}', so this 'if' never holds` +
          (hint ? ` (did you mean '${hint}'?)` : ''),
        [...at, 'required', i],
      );
    });
  }
  if (!isNode(props)) return;
  for (const [field, test] of Object.entries(props)) {
    if (!isNode(test)) continue;
    const decls = fields.get(field);
    if (!decls) {
      const hint = closest(field, [...fields.keys()]);
      const of = parent === undefined ? 'the form' : `'${parent}'`;
      report(
        'unknown-field',
        `this 'if' tests '${field}', which is not a field of ${of}, so it never holds` +
          (hint ? ` (did you mean '${hint}'?)` : ''),
        [...at, 'properties', field],
        true,
      );
      continue;
    }
    const options = decls.map((d) => optionsOf(d.node, definitions));
    const items = decls.map((d) => optionsOf(itemsOf(d.node, definitions), definitions));
    checkValues(test, [...at, 'properties', field], field, options, report);
    if (isNode(test.contains))
      checkValues(test.contains as Node, [...at, 'properties', field, 'contains'], field, items, report);
    if (isNode(test.items))
      checkValues(test.items as Node, [...at, 'properties', field, 'items'], field, items, report);
    if (isNode(test.not)) checkValues(test.not as Node, [...at, 'properties', field, 'not'], field, options, report);
    // A test of an object field's own fields (`{ customer_rates: { properties: { oil: ... } } }`).
    const object = deref(decls[0].node, definitions);
    if (isNode(test.properties) && object)
      lintIf(test, [...at, 'properties', field], levelFields(object, []), definitions, report, field);
  }
}

/** `const` and `enum` of a test against the options of a field (declared once or more; unknown options: no check). */
function checkValues(test: Node, at: Path, field: string, declared: (unknown[] | undefined)[], report: Report) {
  if (declared.some((o) => o === undefined)) return;
  const all = declared.flat();
  const one = (value: unknown, path: Path) => {
    if (isOption(value, all)) return;
    const hint =
      typeof value === 'string'
        ? closest(
            value,
            all.filter((o): o is string => typeof o === 'string'),
          )
        : undefined;
    report(
      'if-value-not-option',
      `this 'if' compares '${field}' with ${show(value)}, which is not one of its options (${all.map(show).join(', ')}), so it never holds` +
        (hint ? ` (did you mean '${hint}'?)` : ''),
      path,
    );
  };
  if ('const' in test) one(test.const, [...at, 'const']);
  if (Array.isArray(test.enum)) test.enum.forEach((v, i) => one(v, [...at, 'enum', i]));
}

/** The schema a field of the form is declared with (first declaration), $refs followed. */
export function fieldSchema(node: unknown, name: string, definitions: Record<string, unknown>): Node | undefined {
  if (!isNode(node)) return undefined;
  return deref(levelFields(node, []).get(name)?.[0]?.node, definitions);
}
