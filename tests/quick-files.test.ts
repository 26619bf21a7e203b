/** What `npm run test:quick` leaves to npm test (tests/support/quick-files.ts, vitest.config.ts). */

import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { quickExcluded, readsSeededDemo, SLOW_FILES } from './support/quick-files.ts';
import { ROOT } from './load-repo.ts';

const temp = mkdtempSync(join(tmpdir(), 'rebate-quick-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('the quick loop', () => {
  it('leaves out every test file that copies the seeded demo, and the slow files, which all exist', () => {
    mkdirSync(join(temp, 'tests/api/deep'), { recursive: true });
    writeFileSync(join(temp, 'tests/api/deep/reads.test.ts'), 'const db = await seededDatabase(backend);');
    writeFileSync(join(temp, 'tests/api/plain.test.ts'), 'const db = await freshDatabase(backend);');
    writeFileSync(join(temp, 'tests/api/helper.ts'), 'export const x = () => seededDatabase(backend);');
    const out = quickExcluded(temp);
    expect(out).toContain('tests/api/deep/reads.test.ts');
    expect(out).not.toContain('tests/api/plain.test.ts');
    // Not a test file: nothing to leave out.
    expect(out).not.toContain('tests/api/helper.ts');
    expect(out).toEqual(expect.arrayContaining(SLOW_FILES));
    for (const f of SLOW_FILES) expect(existsSync(join(ROOT, f)), f).toBe(true);
  });

  it('in this repository, names no file twice and only files that exist', () => {
    const out = quickExcluded(ROOT);
    expect(new Set(out).size).toBe(out.length);
    expect(out.filter((f) => !existsSync(join(ROOT, f)))).toEqual([]);
    expect(out.length).toBeGreaterThan(SLOW_FILES.length);
  });

  it('knows a seeded-demo reader by its call, not by the word', () => {
    expect(readsSeededDemo('await seededDatabase(b)')).toBe(true);
    expect(readsSeededDemo('// the seededDatabase helper')).toBe(false);
  });
});
