/**
 * Keystroke latency in a task form, measured in the browser: from each input event (its timeStamp)
 * to the first animation frame after React has handled it, with the Performance API. Used by the e2e
 * suite (which records it) and by `npm run bench` (which prints it); never asserted as a timing.
 */

import type { Page } from 'playwright-core';

/** Latency figures in milliseconds. */
export interface TypingFigures {
  keys: number;
  median: number;
  p95: number;
  max: number;
}

/** Types `text` into the focused-by-selector input one key at a time and measures each keystroke. */
export async function measureTyping(page: Page, selector: string, text: string): Promise<TypingFigures> {
  await page.evaluate(() => {
    const w = window as unknown as { __keystrokes: number[] };
    w.__keystrokes = [];
    document.addEventListener(
      'input',
      (e) => {
        const start = e.timeStamp;
        requestAnimationFrame(() => setTimeout(() => w.__keystrokes.push(performance.now() - start), 0));
      },
      true,
    );
  });
  const input = page.locator(selector).first();
  await input.click();
  await input.fill('');
  for (const ch of text) await page.keyboard.type(ch, { delay: 60 });
  await page.waitForTimeout(300);
  const samples = (await page.evaluate(() => (window as unknown as { __keystrokes: number[] }).__keystrokes)).sort(
    (a, b) => a - b,
  );
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? NaN;
  return { keys: samples.length, median: at(0.5), p95: at(0.95), max: samples[samples.length - 1] ?? NaN };
}
