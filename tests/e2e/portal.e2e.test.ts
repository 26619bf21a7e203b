import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type Portal } from './portal.ts';
import { insertAnnouncement } from '../../server/db/admin.db.ts';
import { dbGet } from '../support/db.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../server/deps.ts';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

let p: Portal;
const OPS = 'ops@demo.rebates.test';
const ALEX = 'alex@northwind-hvac.test';
const CASEY = 'casey@sunrise-electric.test';
beforeAll(async () => {
  p = await startPortal();
});
afterAll(() => p.close());

describe('jobs list, search, add job, announcements', () => {
  it('Ctrl+K opens search; the keyboard picks a job and Enter opens it', async () => {
    const job = (await dbGet(
      p.deps,
      'SELECT id, last_name, full_name FROM jobs WHERE is_canceled = 0 ORDER BY id LIMIT 1',
    )) as { id: number; last_name: string; full_name: string };
    const page = await p.signedIn(OPS, '/');
    await page.getByRole('heading', { name: 'Jobs', exact: true }).waitFor();
    await page.keyboard.press('Control+k');
    const box = page.getByRole('textbox', { name: 'Search', exact: true });
    await box.waitFor();
    await box.fill('x');
    await expect.poll(() => page.getByText('Type at least 2 characters').isVisible()).toBe(true);
    await box.fill(job.full_name);
    const results = page.getByRole('listbox', { name: 'Results' });
    await expect.poll(() => results.getByRole('option').count()).toBeGreaterThan(0);
    const options = await results.getByRole('option').allTextContents();
    const index = options.findIndex((t) => t.includes(job.full_name));
    expect(index).toBeGreaterThanOrEqual(0);
    for (let i = 0; i < index; i++) await box.press('ArrowDown');
    await expect.poll(() => results.getByRole('option').nth(index).getAttribute('aria-selected')).toBe('true');
    await p.shot(page, 'search-1280', false);
    await box.press('Enter');
    await page.waitForURL((u) => /^\/\d+$/.test(u.pathname));
    const opened = Number(new URL(page.url()).pathname.slice(1));
    expect(
      ((await dbGet(p.deps, 'SELECT full_name FROM jobs WHERE id = ?', opened)) as { full_name: string }).full_name,
    ).toBe(job.full_name);
    await page.setViewportSize({ width: 768, height: 900 });
    await page.keyboard.press('Control+k');
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill(job.last_name);
    await expect
      .poll(() => page.getByRole('listbox', { name: 'Results' }).getByRole('option').count())
      .toBeGreaterThan(0);
    await p.shot(page, 'search-768', false);
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill('zzqqxxvv');
    await expect.poll(() => page.getByText("Sorry, we didn't find any matches.").isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('textbox', { name: 'Search', exact: true }).count()).toBe(0);
  });

  it('filters, sorting and page size survive a reload; no match says so', async () => {
    for (const width of [1280, 768]) {
      const page = await p.signedIn(OPS, '/', width);
      await page.getByRole('combobox', { name: 'Eligibility' }).selectOption('ineligible');
      await page.getByRole('combobox', { name: 'Page size' }).selectOption('25');
      await page.reload();
      await page.getByRole('heading', { name: 'Jobs', exact: true }).waitFor();
      expect(await page.getByRole('combobox', { name: 'Eligibility' }).inputValue()).toBe('ineligible');
      expect(await page.getByRole('combobox', { name: 'Page size' }).inputValue()).toBe('25');
      await expect.poll(() => page.locator('.jobs-table tbody tr').count()).toBeGreaterThan(0);
      const tags = await page.locator('.jobs-table tbody td:nth-child(6)').allTextContents();
      // Each says ineligible (a job ops marked so carries their reason under it).
      expect(
        tags.every((t) => t.startsWith('ineligible')),
        JSON.stringify(tags),
      ).toBe(true);
      await p.shot(page, `jobs-list-${width}`);
      await page.getByRole('textbox', { name: 'Search jobs' }).fill('no such homeowner anywhere');
      await expect.poll(() => page.getByText('No jobs found matching your filter(s).').isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Clear filters' }).click();
    }
  });

  it('add new job: the duplicate prompt, then create anyway', async () => {
    const existing = (await dbGet(
      p.deps,
      `SELECT j.first_name, j.last_name, j.address, j.city, j.state, j.zip FROM jobs j JOIN users u ON u.contractor_id = j.contractor_id
      WHERE u.email = ? AND j.is_canceled = 0 ORDER BY j.id LIMIT 1`,
      ALEX,
    )) as Record<string, string>;
    const page = await p.signedIn(ALEX, '/');
    await page.getByRole('button', { name: 'Add new job' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create job' }).click();
    await expect.poll(() => dialog.getByText('This field is required').count()).toBe(3);
    await dialog.getByLabel('Homeowner first name').fill(existing.first_name);
    await dialog.getByLabel('Homeowner last name').fill(existing.last_name);
    await dialog.getByLabel('Home address').fill(existing.address);
    await dialog.getByLabel('City').fill(existing.city);
    await dialog.getByLabel('State').fill(existing.state);
    await dialog.getByLabel('ZIP code').fill(existing.zip);
    await dialog.getByLabel('Phone').fill('12');
    await dialog.getByRole('button', { name: 'Create job' }).click();
    await expect.poll(() => dialog.getByText('Please enter a valid phone number').isVisible()).toBe(true);
    await dialog.getByLabel('Phone').fill('414-555-0123');
    await dialog.getByRole('button', { name: 'Create job' }).click();
    await expect
      .poll(() => dialog.getByText('A job for this homeowner at this address already exists.').isVisible())
      .toBe(true);
    expect(await dialog.getByLabel('Homeowner first name').inputValue()).toBe(existing.first_name);
    await p.shot(page, 'add-job-duplicate', false);
    await dialog.getByRole('button', { name: 'Create anyway' }).click();
    await page.waitForURL((u) => /^\/\d+$/.test(u.pathname));
    const id = Number(new URL(page.url()).pathname.slice(1));
    expect(
      ((await dbGet(p.deps, 'SELECT last_name FROM jobs WHERE id = ?', id)) as { last_name: string }).last_name,
    ).toBe(existing.last_name);
  });

  it('an announcement for one contractor shows on its jobs list and not on another’s', async () => {
    const northwind = (
      (await dbGet(p.deps, 'SELECT contractor_id FROM users WHERE email = ?', ALEX)) as { contractor_id: number }
    ).contractor_id;
    await insertAnnouncement(p.deps.db, {
      title: 'Only for Northwind',
      content: 'Your quarterly review is due.',
      valid_from: null,
      valid_until: null,
      video_url: null,
      image_url: null,
      link: null,
      contractor_ids: [northwind],
      program_ids: null,
      created_by: null,
      at: new Date().toISOString(),
    });
    const alex = await p.signedIn(ALEX, '/');
    await expect.poll(() => alex.getByText('Only for Northwind').isVisible()).toBe(true);
    const casey = await p.signedIn(CASEY, '/');
    await casey.getByRole('heading', { name: 'Jobs', exact: true }).waitFor();
    await casey.locator('.jobs-table, .page-state').first().waitFor();
    expect(await casey.getByText('Only for Northwind').count()).toBe(0);
  });

  it('/code/{jobShortCode} opens the job; an unknown code shows the not-found page', async () => {
    const job = (await dbGet(p.deps, 'SELECT id, code FROM jobs ORDER BY id LIMIT 1')) as { id: number; code: string };
    const page = await p.signedIn(OPS, `/code/${job.code}`);
    await page.waitForURL((u) => u.pathname === `/${job.id}`);
    await page.goto('/code/NOPE99');
    await expect.poll(() => page.getByText('Cannot find page. Please return to job list.').isVisible()).toBe(true);
  });
});

/** One GET with the Accept-Encoding given, its body as sent (not decompressed). */
function rawGet(
  url: string,
  acceptEncoding: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe("the built app's files", () => {
  it('arrive compressed when the browser accepts it (brotli, else gzip; copies made at build), the same bytes once decompressed', async () => {
    const html = (await rawGet(p.url + '/', 'identity')).body.toString('utf8');
    const entry = /src="(\/assets\/index-[^"]+\.js)"/.exec(html)?.[1];
    expect(entry, html).toBeDefined();
    const dist = process.env.WEB_DIST ?? join(REPO_ROOT, 'web', 'dist');
    const original = readFileSync(`${dist}${entry}`);
    const br = await rawGet(p.url + entry!, 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(original.length / 2);
    expect(brotliDecompressSync(br.body).equals(original)).toBe(true);
    const gz = await rawGet(p.url + entry!, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(original)).toBe(true);
    const plain = await rawGet(p.url + entry!, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(original)).toBe(true);
  });
});
