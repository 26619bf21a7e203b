/**
 * `rebate cases --update` in the engine: a broken expectation, rewritten from what the engine says,
 * gives back the file exactly as it was (only the broken expectation's text is touched, in its own
 * style: flow or block, quoted or plain).
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDefinitions, runCases, type SourceFile } from '../engine/index.ts';
import { updateCasesText } from '../engine/cases-update.ts';
import { parseSource } from '../engine/load/yaml-source.ts';
import { ROOT } from './load-repo.ts';

const PROGRAM = 'ca-heehra';
const CASES_FILE = `program-defs/${PROGRAM}/cases.yaml`;
const read = (path: string): SourceFile => ({ path, text: readFileSync(join(ROOT, path), 'utf8') });
const folder = (dir: string) =>
  readdirSync(join(ROOT, dir))
    .sort()
    .map((n) => read(`${dir}/${n}`));

const program = read(`program-defs/${PROGRAM}/program.yaml`);
const forms = [...new Set([...program.text.matchAll(/\bform: (\w+)/g)].map((m) => m[1]))];
const DEFS = loadDefinitions(
  [
    ...folder('program-defs/_shared'),
    program,
    ...folder('task-schemas/_shared'),
    ...forms.map((f) => read(`task-schemas/${f}/form.yaml`)),
  ],
  { unused_forms: false, lazy_forms: true },
);
const ORIGINAL = read(CASES_FILE).text;

/** Runs the cases of a cases text and rewrites its failing expectations. */
function update(text: string) {
  const parsed = parseSource(CASES_FILE, text);
  const results = runCases(
    DEFS.programs[PROGRAM],
    { file: CASES_FILE, parsed, value: parsed.value as Record<string, unknown> },
    DEFS.forms,
  );
  return { failing: results.filter((r) => !r.ok).length, ...updateCasesText(text, results) };
}

const rows = [
  {
    name: 'a block scalar (final_cents)',
    from: '        final_cents: 1200000\n        lines: { heat_pump: 800000, panel: 400000 }\n        capped: ["heat_pump:caps.heat_pump", "panel:caps.panel"]',
    to: '        final_cents: 1200001\n        lines: { heat_pump: 800000, panel: 400000 }\n        capped: ["heat_pump:caps.heat_pump", "panel:caps.panel"]',
    changed: ['rebate.final_cents'],
  },
  {
    name: 'a flow map entry (lines)',
    from: 'lines: { heat_pump: 800000, panel: 400000 }\n        capped: ["heat_pump:caps.heat_pump", "panel:caps.panel"]',
    to: 'lines: { heat_pump: 800000, panel: 400001 }\n        capped: ["heat_pump:caps.heat_pump", "panel:caps.panel"]',
    changed: ['rebate.lines'],
  },
  {
    name: 'a quoted list item (capped)',
    from: 'capped: ["heat_pump:caps.heat_pump", "panel:caps.panel"]',
    to: 'capped: ["heat_pump:caps.heat_pump", "panel:caps.heat_pump"]',
    changed: ['rebate.capped'],
  },
  {
    name: 'a nested flow list (material_labor)',
    from: 'material_labor: { heat_pump: [560000, 240000]',
    to: 'material_labor: { heat_pump: [560000, 240001]',
    changed: ['rebate.material_labor'],
  },
  {
    name: 'a block list (messages: one that no longer fires is dropped)',
    from: '        - Final invoice must be signed by the homeowner.\n  - name: a HEEHRA line item',
    to: '        - Final invoice must be signed by the homeowner.\n        - A message no rule has.\n  - name: a HEEHRA line item',
    changed: ['messages'],
  },
];

describe('rebate cases --update rewrites only the broken expectation', () => {
  it('the cases pass as they are and nothing is rewritten', () => {
    const r = update(ORIGINAL);
    expect([r.failing, r.updated, r.text === ORIGINAL]).toEqual([0, [], true]);
  });

  it.each(rows)('$name', (row) => {
    expect(ORIGINAL).toContain(row.from);
    const broken = ORIGINAL.replace(row.from, row.to);
    const r = update(broken);
    expect(r.updated.map((u) => u.expectations)).toEqual([row.changed]);
    expect(r.text).toBe(ORIGINAL);
    expect(update(r.text).failing).toBe(0);
  });
});
