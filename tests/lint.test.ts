/** The dependency direction of STYLE.md is enforced by lint rules: prove each rule fires. */

import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT } from './load-repo.ts';

// The snippets are no files of the TypeScript project: the type-aware rules (promises) are off for them.
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false, project: null } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
      '@typescript-eslint/await-thenable': 'off',
    },
  },
});
/** The lint messages for a piece of code at a path, one per line. */
async function messages(filePath: string, code: string): Promise<string> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((m) => m.message).join('\n');
}

describe('dependency direction (lint)', () => {
  it('engine/ may not import Node built-ins or our other folders', async () => {
    expect(
      await messages('engine/x.ts', "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;\n"),
    ).toContain('engine/ is isomorphic: no Node built-ins.');
    expect(await messages('engine/x.ts', "import { main } from '../cli/main.ts';\nexport const a = main;\n")).toContain(
      'engine/ imports nothing of ours.',
    );
    expect(await messages('engine/x.ts', "import { x } from '../server/app.ts';\nexport const a = x;\n")).toContain(
      'engine/ imports nothing of ours.',
    );
  });
  it('engine/ may not read the clock, randomness, the console or platform globals', async () => {
    expect(await messages('engine/x.ts', 'export const t = Date.now();\n')).toContain(
      'engine/ never reads the clock: take today from the context.',
    );
    expect(await messages('engine/x.ts', 'export const t = new Date();\n')).toContain(
      'engine/ never reads the clock: take today from the context.',
    );
    expect(await messages('engine/x.ts', 'export const r = Math.random();\n')).toContain('engine/ is deterministic.');
    expect(await messages('engine/x.ts', 'export const e = process.env;\n')).toContain(
      'engine/ is pure: the caller passes platform facts in.',
    );
    expect(await messages('engine/x.ts', "console.log('x');\n")).toContain('engine/ returns values; it does not log.');
  });
  it('engine/ may use Date to parse a given date', async () => {
    expect(await messages('engine/x.ts', "export const d = Date.parse('2026-01-01');\n")).toBe('');
  });
  it('server, web and cli never import each other', async () => {
    expect(await messages('server/x.ts', "import { main } from '../cli/main.ts';\nexport const a = main;\n")).toContain(
      'server/ imports engine only, never web/ or cli/.',
    );
    expect(await messages('cli/x.ts', "import { a } from '../server/app.ts';\nexport const b = a;\n")).toContain(
      'cli/ imports engine only, never web/ or server/.',
    );
    expect(await messages('web/x.ts', "import { a } from '../server/app.ts';\nexport const b = a;\n")).toContain(
      'web/ imports engine only, never server/ or cli/.',
    );
    expect(
      await messages('cli/x.ts', "import { evaluateJob } from '../engine/index.ts';\nexport const b = evaluateJob;\n"),
    ).toBe('');
  });
});
