/** The README lists every `# assumption:` of the definitions, and shows the two set-up commands. */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listAssumptions } from '../cli/commands/assumptions.ts';
import { ROOT } from './load-repo.ts';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

describe('README', () => {
  it('lists exactly the assumptions marked in the definitions (regenerate with npx rebate assumptions)', () => {
    const block = readme.split('<!-- assumptions:start -->\n')[1]?.split('<!-- assumptions:end -->')[0] ?? '';
    expect(block.trim().split('\n')).toEqual(listAssumptions(ROOT));
    expect(listAssumptions(ROOT).length).toBeGreaterThan(20);
  });
  it('shows the install-and-start command and the test command', () => {
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm test');
  });
});
