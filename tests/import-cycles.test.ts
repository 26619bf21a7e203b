/** No import circle (issue 39): scripts/import-cycles.js (dpdm), run by npm run lint, fails on one, type-only too. */

import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script, no declarations
import { findImportCycles } from '../scripts/import-cycles.js';
import { ROOT } from './load-repo.ts';

const dir = mkdtempSync(join(tmpdir(), 'import-cycles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The circles of a throwaway tree of files. */
function cycles(name: string, files: Record<string, string>): Promise<string[][]> {
  const root = join(dir, name);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return findImportCycles(root, ['engine', 'server', 'web', 'cli']);
}

describe('import circles (npm run lint)', () => {
  it('finds two modules importing each other', async () => {
    expect(
      await cycles('two', {
        'engine/a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
        'engine/b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
      }),
    ).toEqual([['engine/a.ts', 'engine/b.ts']]);
  });

  it('counts type-only imports and re-exports too', async () => {
    expect(
      await cycles('types', {
        'server/types.ts': "import type { Row } from './rows.ts';\nexport interface Scope {\n  row?: Row;\n}\n",
        'server/rows.ts': "export type { Scope } from './types.ts';\nexport interface Row {\n  id: number;\n}\n",
      }),
    ).toEqual([['server/rows.ts', 'server/types.ts']]);
  });

  it('finds a longer circle, and none once the shared part is a leaf both sides import', async () => {
    expect(
      await cycles('three', {
        'web/x.tsx': "import { y } from './y.ts';\nexport const x = () => y;\n",
        'web/y.ts': "import { z } from './z.ts';\nexport const y = () => z;\n",
        'web/z.ts': "import { x } from './x.tsx';\nexport const z = () => x;\n",
      }),
    ).toEqual([['web/x.tsx', 'web/y.ts', 'web/z.ts']]);
    expect(
      await cycles('leaf', {
        'cli/p.ts':
          "import { q } from './q.ts';\nimport { leaf } from './leaf.ts';\nexport const p = () => [q, leaf];\n",
        'cli/q.ts': "import { leaf } from './leaf.ts';\nexport const q = () => leaf;\n",
        'cli/leaf.ts': 'export const leaf = 1;\n',
      }),
    ).toEqual([]);
  });

  it('fails the lint step (exit 1, naming the files) and passes on this repo', async () => {
    await cycles('cli-run', { 'engine/a.ts': "import './b.ts';\n", 'engine/b.ts': "import './a.ts';\n" });
    const script = join(ROOT, 'scripts/import-cycles.js');
    let failed: { status: number; stderr: string } | undefined;
    try {
      execFileSync(process.execPath, [script, join(dir, 'cli-run')], { stdio: 'pipe' });
    } catch (e) {
      failed = e as { status: number; stderr: string };
    }
    expect(failed?.status).toBe(1);
    expect(String(failed?.stderr)).toContain('engine/a.ts');
    expect(await findImportCycles(ROOT, ['engine', 'server', 'web', 'cli'])).toEqual([]);
  });
});
