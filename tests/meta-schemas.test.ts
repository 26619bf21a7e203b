/** The meta-schemas are the DSL's contract: every key documented, unknown keys refused, files linked to them. */

import { readFileSync } from 'node:fs';
import { join, dirname, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readDefinitionFiles } from '../cli/read-files.ts';
import { kindOf } from '../engine/index.ts';
import { ROOT } from './load-repo.ts';

const SCHEMAS = ['program', 'task-form', 'cases', 'shared', 'form-shared'].map((n) => [n, JSON.parse(readFileSync(join(ROOT, `engine/schema/${n}.schema.json`), 'utf8'))] as const);

/** Every object schema with properties, with its JSON pointer. */
function objects(node: unknown, at = '#'): [string, Record<string, unknown>][] {
  if (!node || typeof node !== 'object') return [];
  const out: [string, Record<string, unknown>][] = [];
  const s = node as Record<string, unknown>;
  if (s.properties) out.push([at, s]);
  for (const [k, v] of Object.entries(s)) {
    if (k === 'properties' || k === 'definitions') for (const [pk, pv] of Object.entries(v as object)) out.push(...objects(pv, `${at}/${k}/${pk}`));
    else if (k === 'items' || k === 'additionalProperties') out.push(...objects(v, `${at}/${k}`));
    else if (k === 'oneOf' && Array.isArray(v)) v.forEach((x, i) => out.push(...objects(x, `${at}/oneOf/${i}`)));
  }
  return out;
}

describe.each(SCHEMAS)('meta-schema %s', (_name, schema) => {
  it('is JSON Schema draft-07', () => {
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
  });
  it('documents every key with a description', () => {
    const undocumented = objects(schema).flatMap(([at, s]) =>
      Object.entries(s.properties as Record<string, Record<string, unknown>>).filter(([, p]) => !p.description && !p.$ref).map(([k]) => `${at}/${k}`),
    );
    expect(undocumented).toEqual([]);
  });
  it('refuses unknown keys in every object it defines', () => {
    // A task form's embedded JSON Schema is free-form by design (it is checked by ajv itself), and so is
    // a UI schema entry: its keys are the form's field names and RJSF's ui:* options (ui:widget is checked).
    const free = ['#/properties/schema', '#/definitions/ui_node'];
    const open = objects(schema).filter(([at, s]) => s.additionalProperties !== false && !free.includes(at)).map(([at]) => at);
    expect(open).toEqual([]);
  });
});

describe('definition files', () => {
  it('start with a yaml-language-server $schema line pointing at an existing meta-schema', () => {
    const files = readDefinitionFiles([], ROOT).filter((f) => f.path.endsWith('.yaml'));
    expect(files.length).toBeGreaterThan(20);
    for (const f of files) {
      const first = f.text.split('\n')[0];
      const m = /^# yaml-language-server: \$schema=(.+)$/.exec(first);
      expect(m, `${f.path} first line`).not.toBeNull();
      const target = resolve(ROOT, dirname(f.path), m![1]);
      expect(existsSync(target), `${f.path} -> ${m![1]}`).toBe(true);
      const expected = kindOf(f.path)!;
      expect(target.endsWith(`${expected}.schema.json`), f.path).toBe(true);
    }
  });
});
