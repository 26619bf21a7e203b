/**
 * `npm run bench` (typing part): keystroke latency in the largest task form (confirm_project_final_costs,
 * 77 fields), measured in Debian's Chromium with the Performance API, printed (target: under 50 ms per
 * keystroke). Skipped with a note when Chromium is missing.
 */

import { existsSync } from 'node:fs';
import { build } from 'vite';
import { CHROMIUM, startPortal } from '../tests/e2e/portal.ts';
import { measureTyping } from '../tests/e2e/typing.ts';
import { evaluateRow } from '../server/services/evaluation.ts';
import { getJob } from '../server/db/jobs.db.ts';
import { insertUser } from '../server/db/users.db.ts';
import { dbAll } from '../tests/support/db.ts';

if (!existsSync(CHROMIUM)) {
  console.log(`\ntyping: skipped (no Chromium at ${CHROMIUM}; sudo apt-get install -y chromium)`);
  process.exit(0);
}
await build({ configFile: 'web/vite.config.ts', logLevel: 'error' });
const p = await startPortal();
try {
  await insertUser(p.deps.db, {
    email: 'bench-typing@example.test',
    name: 'Bench Typing',
    role: 'ops',
    created_at: new Date().toISOString(),
  });
  const ids = (
    (await dbAll(p.deps, 'SELECT id FROM jobs WHERE is_canceled = 0 AND stage = 4')) as { id: number }[]
  ).map((r) => r.id);
  let jobId: number | undefined;
  for (const id of ids) {
    if (
      (await evaluateRow(p.deps, (await getJob(p.deps.db, id))!)).tasks.some(
        (t) => t.id === 'confirm_project_final_costs' && t.status !== 'LOCKED',
      )
    ) {
      jobId = id;
      break;
    }
  }
  const page = await p.signedIn(
    'bench-typing@example.test',
    `/${jobId}/install-details?task=confirm_project_final_costs`,
  );
  await page.locator('.bp6-drawer textarea').first().waitFor();
  const text = 'Checked the invoice against the signed contract and the scope of work.';
  const f = await measureTyping(page, '.bp6-drawer textarea', text);
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  console.log('\nTyping in the largest form (confirm_project_final_costs), input event to the next frame, in Chromium');
  console.log(
    `keystrokes ${f.keys}   median ${ms(f.median)}   p95 ${ms(f.p95)}   max ${ms(f.max)}   (target: under 50 ms per keystroke)`,
  );
} finally {
  await p.close();
}
