import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type Portal } from './portal.ts';
import { insertUser } from '../../server/db/users.db.ts';
import { setFlag } from '../../server/db/settings.db.ts';

let p: Portal;
const OPS = 'explorer-ops@example.test';
beforeAll(async () => {
  p = await startPortal();
  await insertUser(p.deps.db, { email: OPS, name: 'Ezra Explorer', role: 'ops', created_at: new Date().toISOString() });
});
afterAll(() => p.close());

describe('program explorer', () => {
  it('is blocked while its feature flag is off', async () => {
    await setFlag(p.deps.db, 'program-explorer', false);
    try {
      const page = await p.signedIn(OPS, '/program-explorer');
      await expect.poll(() => page.getByText('This page is not available.').isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: 'Program explorer' }).count()).toBe(0);
    } finally {
      await setFlag(p.deps.db, 'program-explorer', true);
    }
  });

  it('draws every WI HEAR task as a node; clicking one shows its configuration', async () => {
    const page = await p.signedIn(OPS, '/program-explorer/task-dependencies?program=wi-hear', 1400);
    const nodes = page.locator('g.task-node');
    await nodes.first().waitFor();
    expect(await nodes.count()).toBe(p.deps.defs.programs['wi-hear'].tasks.length);
    await page.locator('g.task-node[data-task="review_income_qualification"]').click();
    const card = page.locator('.task-config[data-task="review_income_qualification"]');
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(await card.textContent()).toContain('apply_for_income_verification');
    await p.shot(page, 'explorer-dependencies-wi-hear');
    // The form preview is rendered by the job detail's RJSF theme, read-only.
    await card.getByRole('button', { name: 'Preview form' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.locator('.bp6-form-group').count()).toBeGreaterThan(0);
    const props = p.deps.defs.forms.review_income_qualification.schema.properties as Record<string, { title?: string }>;
    expect(await dialog.textContent()).toContain(props.income_level.title);
    await page.waitForTimeout(500); // let the dialog finish its opening transition
    await p.shot(page, 'explorer-form-preview', false);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);

    // A signing task shows the documents it collects signatures for, with their signers in order.
    await page.locator('g.task-node[data-task="collect_document_signatures"]').click();
    const docRow = page.locator(
      '.task-config[data-task="collect_document_signatures"] tr[data-document="final_documents_bundle"]',
    );
    await expect.poll(() => docRow.isVisible()).toBe(true);
    const text = await docRow.textContent();
    expect(text).toContain('Project completion and rebate documents');
    expect(text).toMatch(/homeowner.*property manager.*contractor/);
    await p.shot(page, 'explorer-signing-task', false);
  });

  it('"try it": changing the income level flips eligibility, with the reason’s wording', async () => {
    const page = await p.signedIn(OPS, '/program-explorer?program=wi-hear', 1400);
    const callout = page.locator('.try-eligibility');
    await expect.poll(() => callout.textContent()).toContain('Eligibility: eligible');
    await page.locator('#fact-provide_income_estimate-income_level').selectOption('above_ami_150');
    const rule = p.deps.defs.programs['wi-hear'].eligibility.find((e) => e.reason === 'income_too_high')!;
    await expect.poll(() => callout.textContent()).toContain('Eligibility: ineligible');
    expect(await callout.textContent()).toContain(rule.reason_text);
    // What would lift it, in the forms' words: the nearest income level whose band passes.
    expect(await callout.textContent()).toContain(
      'It would pass with Verified income level (Review income qualification): Between 80% and 150% of the area median income.',
    );
    await p.shot(page, 'explorer-try-it', false);
    await page.locator('#fact-provide_income_estimate-income_level').selectOption('below_ami_80');
    await expect.poll(() => callout.textContent()).toContain('Eligibility: eligible');
  });
});
