/**
 * A parsed entry (engine/load/parsed-entry.ts) reads back as the parse it came from: the same value,
 * every path located where parseSource locates it (a missing path at its nearest ancestor); none for a
 * file JSON cannot carry. And the loader trusts a `meta_checked` file's meta-schema check.
 */

import { describe, expect, it } from 'vitest';
import { DEMO_FORMS, DEMO_PROGRAM, SHARED_FILES } from '../testing/fixtures.ts';
import { loadDefinitions } from './load-definitions.ts';
import { fromParsedEntry, toParsedEntry } from './parsed-entry.ts';
import { parseSource, type ParsedFile } from './yaml-source.ts';

const TEXT = `id: x
list:
  - a
  - { b: 1, "c d": [2, 3] }
  -
empty:
nested:
  deeper:
    "0": zero
    key: >-
      folded
      text
`;

function paths(v: unknown, path: (string | number)[] = []): (string | number)[][] {
  const own = [path, [...path, 'missing'], [...path, 'constructor', 1]];
  if (Array.isArray(v)) return [...own, ...v.flatMap((x, i) => paths(x, [...path, i]))];
  if (v && typeof v === 'object') return [...own, ...Object.entries(v).flatMap(([k, x]) => paths(x, [...path, k]))];
  return own;
}

describe('parsed entries', () => {
  it('read back as the parse: value and every location, of the value and of the key', () => {
    const fresh = parseSource('f.yaml', TEXT);
    const entry = toParsedEntry(fresh)!;
    const back = fromParsedEntry('f.yaml', JSON.parse(JSON.stringify(entry)));
    expect(back.value).toEqual(fresh.value);
    expect(back.diagnostics).toEqual([]);
    for (const p of paths(fresh.value)) {
      expect(back.locate(p), p.join('.')).toEqual(fresh.locate(p));
      expect(back.locate(p, true), `${p.join('.')} (key)`).toEqual(fresh.locate(p, true));
    }
  });

  it('are made only of files that parse cleanly into what JSON holds', () => {
    expect(toParsedEntry(parseSource('f.yaml', 'a: [1'))).toBeUndefined();
    expect(toParsedEntry(parseSource('f.yaml', 'a: 1\na: 2'))).toBeUndefined();
    expect(toParsedEntry(parseSource('f.yaml', 'a: .inf'))).toBeUndefined();
    expect(toParsedEntry(parseSource('f.yaml', 'a: -0'))).toBeUndefined();
    expect(toParsedEntry(parseSource('f.yaml', 'a: 1'))).toEqual({
      value: { a: 1 },
      spans: expect.any(Array),
      keys: expect.any(Array),
    });
  });
});

describe('a file whose meta-schema check passed where it was parsed', () => {
  const program = {
    path: 'program-defs/demo/program.yaml',
    text: DEMO_PROGRAM.replace('STAGE_MODEL', 'six_stage').replace('stage_model:', 'stage_modle:'),
  };
  const files = [...SHARED_FILES, ...DEMO_FORMS, program];

  it('is not checked again (a file that is not marked is)', () => {
    const marked = (file: string, text: string): ParsedFile => ({
      ...parseSource(file, text),
      ...(file === program.path ? { meta_checked: true as const } : {}),
    });
    expect(loadDefinitions(files).diagnostics.map((d) => d.code)).toContain('schema-additionalProperties');
    expect(loadDefinitions(files, { parse: marked }).diagnostics.map((d) => d.code)).not.toContain(
      'schema-additionalProperties',
    );
  });

  it('needs no meta-schema validators when every file is marked', () => {
    const valid = [
      ...SHARED_FILES,
      ...DEMO_FORMS,
      { path: program.path, text: DEMO_PROGRAM.replace('STAGE_MODEL', 'six_stage') },
    ];
    const throwing = new Proxy(
      {},
      {
        get: () => {
          throw new Error('a meta-schema validator was used');
        },
      },
    );
    const defs = loadDefinitions(valid, {
      meta_validators: throwing as never,
      parse: (file, text) => ({ ...parseSource(file, text), meta_checked: true }),
    });
    expect(defs.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(Object.keys(defs.programs)).toEqual(['demo']);
  });
});
