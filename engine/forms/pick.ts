/**
 * Generates, once per form, the function that copies the shown and answered fields of a task's data
 * (the saved data: hidden means absent). Like ajv, it is generated code: one property access per field
 * at its own site, so it stays fast whatever shape the incoming object has, where a loop over field
 * names would be one megamorphic keyed access.
 */

/** Copies the fields shown under `branch` (1 then, 2 else, per conditional group) that hold an answer. */
export type PickShown = (source: Record<string, unknown>, branch: Uint8Array) => Record<string, unknown>;

/**
 * @param fields every field of the form, in the order the saved data keeps
 * @param owners aligned with `fields`: null when always shown, else [group, branch, group, branch, ...]
 */
export function generatePick(fields: string[], owners: (Int32Array | null)[]): PickShown {
  const lines = fields.map((f, k) => {
    const o = owners[k];
    const key = JSON.stringify(f);
    const shown: string[] = [];
    if (o) for (let i = 0; i < o.length; i += 2) shown.push(`b[${o[i] | 0}] === ${o[i + 1] | 0}`);
    const cond = o === null ? '' : shown.length ? ` && (${shown.join(' || ')})` : ' && false';
    return `v = s[${key}]; if (v !== undefined && v !== null && v !== ''${cond}) o[${key}] = v;`;
  });
  // The body is built only from field names (JSON-escaped) and integers from the form's own schema.
  return new Function('s', 'b', `'use strict'; const o = {}; let v;\n${lines.join('\n')}\nreturn o;`) as PickShown;
}
