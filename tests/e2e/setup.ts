/**
 * Each browser test: the pages it opened are reported when it fails (address, dialogs, toasts, the page's own errors,
 * a screenshot), so a failure seen once on a busy CI machine says what the page showed.
 */

import { beforeEach } from 'vitest';
import { forgetPages, reportPages } from './portal.ts';

beforeEach(({ task, onTestFailed }) => {
  forgetPages();
  onTestFailed(async () => {
    const report = await reportPages(task.name);
    if (report) console.error(`What the pages of "${task.name}" showed when it failed:\n${report}`);
  });
});
