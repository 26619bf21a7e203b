/**
 * Page loads as a person meets them: navigation start to the page's content on screen, cold (a new
 * browser context each time: no cache, no service worker), signed in (the session is put in storage
 * before the page's scripts run, so the sign-in page is never loaded first). Used by the e2e suite
 * (tests/e2e/page-load.e2e.test.ts, which writes artifacts/page-loads.json) and by
 * bench/page-load.bench.ts (which prints them beside the targets).
 */

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { PLAYWRIGHT_SECRET, type Portal } from './portal.ts';

/** A page to load: where, and what on it means its content is shown (a selector, and text inside it). */
export interface PageToLoad {
  name: string;
  path: string;
  selector: string;
  text?: string;
}

export interface LoadFigures {
  name: string;
  path: string;
  samples: number[];
  median: number;
  p95: number;
}

/** The target of each page (issue 20): under 1 s; and the figures measured before the work on it. */
export const PAGE_LOAD_TARGET_MS = 1000;
export const PREVIOUS_MS: Record<string, number> = { 'jobs list': 1100, 'job detail': 1200, explorer: 2400 };

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

/** The pages of the acceptance, for a job of the demo (its code is on its page). */
export function acceptancePages(job: { id: number; code: string }): PageToLoad[] {
  return [
    { name: 'jobs list', path: '/', selector: '.jobs-table tbody tr' },
    { name: 'job detail', path: `/${job.id}`, selector: '.job-detail', text: job.code },
    { name: 'explorer', path: '/program-explorer?program=wi-hear', selector: '.task-config' },
  ];
}

/** Loads each page `runs` times cold, as `email`; milliseconds from navigation start to the content. */
export async function measurePageLoads(
  p: Portal,
  email: string,
  pages: PageToLoad[],
  runs: number,
): Promise<LoadFigures[]> {
  const res = await fetch(`${p.url}/api/auth/playwright`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: PLAYWRIGHT_SECRET, email }),
  });
  if (!res.ok) throw new Error(`automated-testing sign-in failed: ${res.status}`);
  const session = JSON.stringify(await res.json());
  const out: LoadFigures[] = [];
  for (const page of pages) {
    const samples: number[] = [];
    for (let r = 0; r < runs; r++) {
      const context = await p.context(1280);
      try {
        // Before any script of the page: the session, and a watcher that notes when the content first appears.
        await context.addInitScript(
          ({ session, selector, text }) => {
            localStorage.setItem('rebate.session', session);
            const w = window as unknown as { __contentShown?: number };
            // No named functions in here: tsx would wrap them in a helper the page does not have.
            new MutationObserver(() => {
              const el = document.querySelector(selector);
              if (w.__contentShown === undefined && el && (!text || (el.textContent ?? '').includes(text)))
                w.__contentShown = performance.now();
            }).observe(document, { childList: true, subtree: true, characterData: true });
          },
          { session, selector: page.selector, text: page.text },
        );
        const tab = await context.newPage();
        await tab.goto(page.path, { waitUntil: 'commit' });
        const shown = await tab
          .waitForFunction(() => (window as unknown as { __contentShown?: number }).__contentShown)
          .catch(async (e: Error) => {
            throw new Error(
              `${page.name} (${page.path}): its content never showed (${e.message}); the page reads: ${(await tab.innerText('body')).slice(0, 300)}`,
            );
          });
        samples.push(Math.round((await shown.jsonValue()) as number));
      } finally {
        await context.close();
      }
    }
    const sorted = [...samples].sort((a, b) => a - b);
    out.push({ name: page.name, path: page.path, samples, median: quantile(sorted, 0.5), p95: quantile(sorted, 0.95) });
  }
  return out;
}

/** Writes the figures as JSON (e.g. artifacts/page-loads.json). */
export function writePageLoads(file: string, figures: LoadFigures[], runs: number): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(
    file,
    `${JSON.stringify({ measured_at: new Date().toISOString(), runs, target_ms: PAGE_LOAD_TARGET_MS, pages: figures }, null, 2)}\n`,
  );
}

/** The figures as lines beside the targets and the previous figures. */
export function pageLoadLines(figures: LoadFigures[]): string[] {
  return figures.map((f) => {
    const verdict = f.median < PAGE_LOAD_TARGET_MS ? 'meets' : 'misses';
    const before = PREVIOUS_MS[f.name] ? `, before ${(PREVIOUS_MS[f.name] / 1000).toFixed(1)} s` : '';
    return `${f.name.padEnd(11)} median ${String(f.median).padStart(5)} ms   p95 ${String(f.p95).padStart(5)} ms   (target under ${PAGE_LOAD_TARGET_MS} ms: ${verdict}${before})`;
  });
}
