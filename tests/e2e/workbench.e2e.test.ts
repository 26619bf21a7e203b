/**
 * The program manager's workbench as ops on the demo: WI HEAR's program.yaml in the editor, a key typo marked at its
 * line with the linter's words and a quick fix that mends it, completion offering task ids inside a rule, a lowered
 * heat pump cap failing a case inline and naming the jobs it changes, and the patch downloaded: applied with
 * `git apply` to a copy of the definitions, `rebate validate --cases` reports what the browser reported. No CSP
 * violation on the way, axe clean.
 */

import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../server/db/users.db.ts';
import { axeFindings, SLOW, startPortal, type Portal } from './portal.ts';

let p: Portal;
const OPS = 'workbench-ops@example.test';
beforeAll(async () => {
  p = await startPortal();
  await insertUser(p.deps.db, {
    email: OPS,
    name: 'Wren Workbench',
    role: 'ops',
    created_at: new Date().toISOString(),
  });
});
afterAll(() => p.close());

/** The editor's text. */
const editorText = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('.wb-editor .cm-line'))
      .map((l) => l.textContent)
      .join('\n'),
  );

/** Puts the cursor at the end of the first line holding `start`, found by the editor's own search (Ctrl+F): the editor
 * draws only the lines in view. */
async function cursorAtEndOf(page: Page, start: string): Promise<void> {
  await page.locator('.wb-editor .cm-content').focus();
  await page.keyboard.press('Control+f');
  const search = page.locator('.cm-search input[name="search"]');
  await search.pressSequentially(start);
  await search.press('Enter');
  await search.press('Escape');
  await page.keyboard.press('End');
}

const problemsText = (page: Page) => page.locator('.wb-panel').first().innerText();

describe('the workbench', () => {
  it('marks a typo as it is typed, mends it by a quick fix, completes task ids, fails a case, shows the impact and gives a patch validate agrees with', async () => {
    const page = await p.signedIn(OPS, '/program-explorer?program=wi-hear&tab=workbench', 1440);
    const said: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || /Content Security Policy/i.test(m.text())) said.push(m.text());
    });
    await expect.poll(() => problemsText(page), SLOW).toContain('No problems.');
    await expect.poll(() => page.locator('.wb-cases').innerText(), SLOW).toContain('passed');
    expect(await page.locator('.wb-files [aria-current="true"]').innerText()).toContain('program.yaml');
    expect(await axeFindings(page, 'workbench')).toEqual([]);
    await p.shot(page, 'workbench-open');

    // Completion inside a rule: a var offers the program's task ids.
    await cursorAtEndOf(page, 'accept_submissions:');
    await page.keyboard.press('Enter');
    await page.keyboard.type('zz_probe: { var: provide_se');
    const options = page.locator('.cm-tooltip-autocomplete li');
    await expect.poll(() => options.allInnerTexts(), SLOW).toContain('provide_servicestask');
    await p.shot(page, 'workbench-completion', false);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Undo all edits' }).click();
    await expect.poll(() => editorText(page)).not.toContain('zz_probe');

    // A key typo: marked at its line with the linter's message; the quick fix mends it.
    const line = page.locator('.wb-editor .cm-line', { hasText: /^stage_model:/ }).first();
    await line.click();
    await page.keyboard.press('Home');
    for (let i = 0; i < 'stage_'.length; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.type('x');
    const problem = page.locator('.wb-problems li[data-code="schema-additionalProperties"]');
    await expect
      .poll(() => problem.innerText(), SLOW)
      .toContain("unknown key 'stage_xmodel' (did you mean 'stage_model'?)");
    const atLine = await problem.getAttribute('data-line');
    const lineNumber = await page.evaluate(
      () =>
        Array.from(document.querySelectorAll('.wb-editor .cm-line')).findIndex((l) =>
          l.textContent!.startsWith('stage_xmodel:'),
        ) + 1,
    );
    expect(Number(atLine)).toBe(lineNumber);
    await expect.poll(() => page.locator('.wb-editor .cm-lintRange-error').count(), SLOW).toBeGreaterThan(0);
    const ms = Number(await page.locator('.wb-timing').getAttribute('data-ms'));
    console.info(`workbench: the typo was checked in ${ms} ms in the worker`);
    // The problem offers the linter's suggestion as a quick fix (beside it in the list, and on the marked text).
    const fix = problem.getByRole('button', { name: "Change to 'stage_model'" });
    await p.shot(page, 'workbench-typo', false);
    await fix.click();
    await expect.poll(() => editorText(page)).toContain('\nstage_model:');
    await expect.poll(() => problemsText(page), SLOW).toContain('No problems.');

    // A lower heat pump cap: a case fails inline, expected against actual.
    await cursorAtEndOf(page, 'heat_pump: 800000');
    for (let i = 0; i < '800000'.length; i++) await page.keyboard.press('Backspace');
    await page.keyboard.type('650000');
    const failed = page.locator('.wb-cases li.failed').first();
    await expect.poll(() => failed.innerText(), SLOW).toContain('expected 800000, got 650000');
    await p.shot(page, 'workbench-case-failed');

    // The impact on the live jobs names them, with the rule that made the difference.
    await page.getByRole('button', { name: 'Show impact' }).click();
    const rows = page.locator('.impact-jobs tbody tr');
    await expect.poll(() => rows.count(), SLOW).toBeGreaterThan(0);
    expect(await page.locator('.impact-jobs td.because').first().innerText()).toContain('caps.heat_pump');
    await page.getByRole('button', { name: 'Show changes' }).click();
    await page.locator('.cm-mergeView').first().waitFor();
    await p.shot(page, 'workbench-changes');
    expect(await axeFindings(page, 'workbench with changes')).toEqual([]);

    // The patch: applied to a copy of the definitions, `rebate validate --cases` reports what the browser did.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download patch' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('wi-hear-workbench.patch');
    const patch = readFileSync((await download.path())!, 'utf8');
    const browser = await page
      .locator('.wb-problems li.error')
      .evaluateAll((items) =>
        items.map(
          (li) =>
            `${li.getAttribute('data-code')} ${li.getAttribute('data-file')}:${li.getAttribute('data-line')} ${li.querySelector('.wb-message')!.textContent}`,
        ),
      );
    const dir = mkdtempSync(join(tmpdir(), 'workbench-patch-'));
    try {
      for (const d of ['program-defs', 'task-schemas']) cpSync(d, join(dir, d), { recursive: true });
      execFileSync('git', ['apply', '-'], { cwd: dir, input: patch });
      expect(readFileSync(join(dir, 'program-defs/wi-hear/program.yaml'), 'utf8')).toContain('heat_pump: 650000');
      const run = spawnSync(
        process.execPath,
        [
          join(process.cwd(), 'cli/bin/rebate.js'),
          'validate',
          '--cases',
          '--format',
          'json',
          'program-defs',
          'task-schemas',
        ],
        { cwd: dir, encoding: 'utf8', env: { ...process.env, REBATE_NO_CACHE: '1' } },
      );
      expect(run.status).toBe(1);
      const cli = (
        JSON.parse(run.stdout) as {
          results: { code: string; file: string; message: string; severity: string; range: { line: number } }[];
        }
      ).results
        .filter((r) => r.severity === 'error')
        .map((r) => `${r.code} ${r.file}:${r.range.line} ${r.message}`);
      expect(cli.length).toBeGreaterThan(0);
      expect(cli).toEqual(browser);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(said).toEqual([]);
    await page.close();
  });
});
