import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { overlayProgramText, overlayVersion, versionFilesOf, versionHash } from './versioning.ts';

const FILES = [
  { path: 'program-defs/a/program.yaml', text: 'id: a\n' },
  { path: 'program-defs/b/program.yaml', text: 'id: b\n' },
  { path: 'program-defs/_shared/rules.yaml', text: 'rules: {}\n' },
  { path: 'task-schemas/_shared/definitions.yaml', text: 'definitions: {}\n' },
  { path: 'task-schemas/used/form.yaml', text: 'key: used\n' },
  { path: 'task-schemas/other/form.yaml', text: 'key: other\n' },
  { path: 'program-defs/a/cases.yaml', text: 'cases: []\n' },
];

describe('versionFilesOf and versionHash', () => {
  it('a program’s version is its program.yaml, the _shared files and the forms its tasks name, sorted', () => {
    const files = versionFilesOf({ file: 'program-defs/a/program.yaml', tasks: [{ form: 'used' }] as never }, FILES);
    expect(files.map((f) => f.path)).toEqual([
      'program-defs/_shared/rules.yaml',
      'program-defs/a/program.yaml',
      'task-schemas/_shared/definitions.yaml',
      'task-schemas/used/form.yaml',
    ]);
  });
  it('and the checklist forms its quality reviews name', () => {
    const quality = { reviews: [{ checklists: [{ form: 'other' }] }] };
    const files = versionFilesOf(
      { file: 'program-defs/a/program.yaml', tasks: [{ form: 'used' }], quality } as never,
      FILES,
    );
    expect(files.map((f) => f.path)).toContain('task-schemas/other/form.yaml');
  });
  it('the hash ignores file order and path separators, and changes with any text', () => {
    const files = FILES.slice(0, 3);
    expect(versionHash([...files].reverse())).toBe(versionHash(files));
    expect(versionHash(files.map((f) => ({ ...f, path: f.path.replace(/\//g, '\\') })))).toBe(versionHash(files));
    expect(versionHash([{ ...files[0], text: 'id: a \n' }, ...files.slice(1)])).not.toBe(versionHash(files));
    expect(versionHash(files)).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('overlayProgramText', () => {
  const pinned =
    'id: a\naccept_submissions: { from: "2025-01-01", until: null }\nincentives:\n  caps: { heat_pump: 800000 }\n';
  const current = {
    id: 'a',
    accept_submissions: { from: '2025-01-01', until: '2026-05-31' },
    incentives: { caps: { heat_pump: 650000, panel: 1 } },
  };
  it('takes the listed paths from the current document and leaves the rest as pinned', () => {
    const doc = parse(overlayProgramText(pinned, current, ['incentives.caps']));
    expect(doc).toEqual({
      id: 'a',
      accept_submissions: { from: '2025-01-01', until: null },
      incentives: { caps: { heat_pump: 650000, panel: 1 } },
    });
  });
  it('a path absent from the current document is removed; an unchanged path leaves the text as it is', () => {
    expect(parse(overlayProgramText(pinned, { id: 'a' }, ['incentives.caps'])).incentives).toEqual({});
    expect(overlayProgramText(pinned, { incentives: { caps: { heat_pump: 800000 } } }, ['incentives.caps'])).toBe(
      pinned,
    );
    expect(overlayProgramText(pinned, current, [])).toBe(pinned);
  });
  it('overlayVersion rewrites only the program file', () => {
    const files = [{ path: 'program-defs/a/program.yaml', text: pinned }, FILES[2]];
    const out = overlayVersion({ files }, current, ['incentives.caps']);
    expect(out[1]).toBe(files[1]);
    expect(parse(out[0].text).incentives.caps.heat_pump).toBe(650000);
  });
});
