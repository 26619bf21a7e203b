/**
 * The README stays a short start page that shows the two set-up commands, and docs/assumptions.md lists every
 * `# assumption:` of the definitions. The rest of the documentation is checked by docs.test.ts.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listAssumptions } from '../cli/commands/assumptions.ts';
import { ROOT } from './load-repo.ts';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const assumptions = readFileSync(join(ROOT, 'docs', 'assumptions.md'), 'utf8');

describe('README', () => {
  it('shows the install-and-start command and the test command', () => {
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm test');
  });
  it('is read in five minutes: at most 200 lines, the details in docs/', () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(200);
    expect(readme).toContain('](docs/assumptions.md)');
  });
});

describe('docs/assumptions.md', () => {
  it('lists exactly the assumptions marked in the definitions (regenerate with npx rebate assumptions)', () => {
    const block = assumptions.split('<!-- assumptions:start -->\n')[1]?.split('<!-- assumptions:end -->')[0] ?? '';
    expect(block.trim().split('\n')).toEqual(listAssumptions(ROOT));
    expect(listAssumptions(ROOT).length).toBeGreaterThan(20);
  });
});
