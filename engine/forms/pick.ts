/**
 * Builds, once per form, the function that copies the shown and answered fields of a task's data
 * (the saved data: hidden means absent). Two builders, one behaviour (engine/forms/pick.test.ts):
 * `generatePick` generates code like ajv does (one property access per field at its own site, so it
 * stays fast whatever shape the incoming object has; needs eval: the server and the CLI), and
 * `closurePick` loops over the same fields with closures (no eval: the browser under its CSP).
 */

/** Copies the fields shown under `branch` (1 then, 2 else, per conditional group) that hold an answer. */
export type PickShown = (source: Record<string, unknown>, branch: Uint8Array) => Record<string, unknown>;

/** Builds a form's PickShown from its fields and their owners (`generatePick` or `closurePick`). */
export type PickBuilder = (fields: string[], owners: (Int32Array | null)[]) => PickShown;

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

/** The same copy as `generatePick`, without generated code: a loop over the fields and their owners. */
export function closurePick(fields: string[], owners: (Int32Array | null)[]): PickShown {
  const keys = fields.slice();
  const own = owners.map((o) => (o ? Int32Array.from(o) : null));
  return (s, b) => {
    const o: Record<string, unknown> = {};
    for (let k = 0; k < keys.length; k++) {
      const v = s[keys[k]];
      if (v === undefined || v === null || v === '') continue;
      const w = own[k];
      if (w !== null) {
        let shown = false;
        for (let i = 0; i < w.length && !shown; i += 2) shown = b[w[i]] === w[i + 1];
        if (!shown) continue;
      }
      o[keys[k]] = v;
    }
    return o;
  };
}
