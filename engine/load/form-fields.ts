/**
 * The fields of one level of a form schema (an object and its conditional branches) with the schemas
 * that declare them, and the options a field offers: what the form checks name.
 */

type Node = Record<string, unknown>;
type Path = (string | number)[];

/** A schema node and its place in the file. */
export interface Placed {
  node: Node;
  at: Path;
}

const isNode = (v: unknown): v is Node => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * The parts of an object's schema that describe the same object: itself, its `if`/`then`/`else`,
 * and the entries of `allOf`/`anyOf`/`oneOf` (and theirs, transitively).
 */
export function levelParts(node: Node, at: Path): Placed[] {
  const out: Placed[] = [{ node, at }];
  for (const k of ['if', 'then', 'else', 'not'])
    if (isNode(node[k])) out.push(...levelParts(node[k] as Node, [...at, k]));
  for (const k of ['allOf', 'anyOf', 'oneOf']) {
    if (Array.isArray(node[k]))
      (node[k] as unknown[]).forEach((s, i) => isNode(s) && out.push(...levelParts(s, [...at, k, i])));
  }
  return out;
}

/** Each field declared at this level (in `properties` of any of its parts), with every schema declaring it. */
export function levelFields(node: Node, at: Path): Map<string, Placed[]> {
  const out = new Map<string, Placed[]>();
  for (const part of levelParts(node, at)) {
    // An `if` only tests fields; what it names in its properties is declared elsewhere (or nowhere).
    const via = part.at.slice(at.length);
    if (via.includes('if') || via.includes('not')) continue;
    const props = part.node.properties;
    if (!isNode(props)) continue;
    for (const [name, s] of Object.entries(props)) {
      if (!isNode(s)) continue;
      out.set(name, [...(out.get(name) ?? []), { node: s, at: [...part.at, 'properties', name] }]);
    }
  }
  return out;
}

/** A schema with its `$ref` chain followed (definitions of the form, shared ones merged in). */
export function deref(node: Node | undefined, definitions: Record<string, unknown>): Node | undefined {
  let cur = node;
  for (let depth = 0; cur && typeof cur.$ref === 'string' && depth < 20; depth++) {
    const name = /^#\/definitions\/(.+)$/.exec(cur.$ref as string)?.[1];
    const next =
      name !== undefined && Object.prototype.hasOwnProperty.call(definitions, name) ? definitions[name] : undefined;
    if (!isNode(next)) return undefined;
    // Keywords beside a $ref (a title) describe the same value: the referenced schema says what it holds.
    cur = next;
  }
  return cur;
}

/** The values a field may take when it is a choice (enum, const, boolean, a oneOf of consts); else undefined. */
export function optionsOf(node: Node | undefined, definitions: Record<string, unknown>): unknown[] | undefined {
  const s = deref(node, definitions);
  if (!s) return undefined;
  if (Array.isArray(s.enum)) return s.enum;
  if ('const' in s) return [s.const];
  for (const k of ['oneOf', 'anyOf'] as const) {
    const list = s[k];
    if (Array.isArray(list) && list.length && list.every((b) => isNode(b) && 'const' in b))
      return list.map((b) => (b as Node).const);
  }
  if (s.type === 'boolean') return [true, false];
  return undefined;
}

/** The schema of an array's items, when a field is a list. */
export function itemsOf(node: Node | undefined, definitions: Record<string, unknown>): Node | undefined {
  const s = deref(node, definitions);
  return s && isNode(s.items) ? (s.items as Node) : undefined;
}

/** Whether a value is one of the options (deep equality for the plain values JSON allows). */
export function isOption(value: unknown, options: unknown[]): boolean {
  return options.some((o) => JSON.stringify(o) === JSON.stringify(value));
}
