/**
 * The engine's messages (dotted paths: `units.0.model`, '' for the whole form) placed where RJSF shows
 * them: its errorSchema (`{ units: { 0: { model: { __errors: [...] } } } }`). A message inside a field
 * that one widget draws (an upload's reference, a checkbox list's item) goes to that widget's field.
 */

import type { ErrorSchema } from '@rjsf/utils';

/** A message under a field. */
export interface FieldMessage {
  path: string;
  message: string;
}

/** A JSON Schema or UI schema node. */
export type Node = Record<string, unknown>;

/** The schema node with `$ref`s followed and `allOf` parts merged (enough to find properties and items). */
export function resolve(node: unknown, definitions: Node, depth = 0): Node {
  if (!node || typeof node !== 'object' || depth > 12) return {};
  let n = node as Node;
  if (typeof n.$ref === 'string') {
    const name = n.$ref.split('/').pop()!;
    const { $ref: _ref, ...rest } = n;
    n = { ...resolve(definitions[name], definitions, depth + 1), ...rest };
  }
  if (Array.isArray(n.allOf)) {
    let merged: Node = { ...n, allOf: undefined };
    for (const part of n.allOf) {
      const p = resolve(part, definitions, depth + 1);
      merged = { ...p, ...merged, properties: { ...(p.properties as Node), ...(merged.properties as Node) } };
    }
    n = merged;
  }
  return n;
}

/** The properties of an object schema, including those of its if/then/else branches. */
export function propertiesOf(schema: Node, definitions: Node): Node {
  const s = resolve(schema, definitions);
  const out: Node = { ...((s.properties as Node) ?? {}) };
  const branches = [s, ...((Array.isArray(s.allOf) ? s.allOf : []) as Node[])];
  for (const b of branches)
    for (const k of ['then', 'else']) Object.assign(out, (resolve(b?.[k], definitions).properties as Node) ?? {});
  return out;
}

/** Where a message shows: its path cut at the first field a single widget draws. */
export function placeOf(path: string, schema: Node, uiSchema: Node | undefined): string {
  if (!path) return '';
  const definitions = (schema.definitions as Node) ?? {};
  const segs = path.split('.');
  let s: Node = schema;
  let ui: Node | undefined = uiSchema;
  for (let i = 0; i < segs.length; i++) {
    const seg = segs[i];
    const r = resolve(s, definitions);
    let next: unknown;
    let nextUi: unknown;
    if (r.type === 'array' || r.items) {
      next = r.items;
      nextUi = ui?.items;
    } else {
      next = propertiesOf(r, definitions)[seg];
      nextUi = ui?.[seg];
    }
    s = resolve(next, definitions);
    ui = nextUi as Node | undefined;
    const drawnByWidget = typeof ui?.['ui:widget'] === 'string';
    const leaf = !(
      s.type === 'object' ||
      s.properties ||
      ((s.type === 'array' || s.items) && !resolve(s.items, definitions).enum)
    );
    if (drawnByWidget || leaf) return segs.slice(0, i + 1).join('.');
  }
  return path;
}

/** Messages grouped by where they show. */
export function groupByPlace(
  messages: FieldMessage[],
  schema: Node,
  uiSchema: Node | undefined,
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const m of messages) {
    const at = placeOf(m.path, schema, uiSchema);
    const list = (out[at] ??= []);
    if (!list.includes(m.message)) list.push(m.message);
  }
  return out;
}

/** RJSF's errorSchema of grouped messages; the whole-form ones ('') are left to the caller. */
export function errorSchemaOf(grouped: Record<string, string[]>): ErrorSchema {
  const root: Node = {};
  for (const [path, list] of Object.entries(grouped)) {
    if (!path) continue;
    let node = root;
    for (const seg of path.split('.')) node = (node[seg] ??= {}) as Node;
    node.__errors = [...((node.__errors as string[]) ?? []), ...list];
  }
  return root as ErrorSchema;
}
