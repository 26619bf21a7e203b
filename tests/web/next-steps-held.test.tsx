/**
 * "Your next steps" with a task quality assurance holds (payment approval waits on a corrective action): the step is
 * still listed, says why it waits, and offers to view the task rather than starting it as the first thing to do.
 */

import { afterEach, describe, expect, it, vi } from 'vitest';
import { mount, type Mounted } from '../../web/lib/testing/render.tsx';
import { NextSteps } from '../../web/features/job-detail/components/next-steps-card.tsx';
import type { JobTask } from '../../web/features/job-detail/api/get-job.ts';

const task = (id: string, title: string): JobTask =>
  ({
    id,
    title,
    status: 'READY',
    owner: 'ops',
    default_owner: 'ops',
    stage: 5,
    section: 'rebate',
    can_edit: true,
    has_unsubmitted_changes: false,
    produces_documents: false,
  }) as unknown as JobTask;

const TASKS = [task('approve_payment', 'Approve payment'), task('record_enrollment', 'Record enrollment')];
const WHY = 'Payment approval waits on quality assurance: the field inspection failed.';

let page: Mounted | undefined;
afterEach(async () => {
  await page?.unmount();
  vi.unstubAllGlobals();
});

describe('next steps with a held task', () => {
  it('says why the held step waits and offers View; the next one becomes the first to start', async () => {
    const element = (
      <NextSteps
        tasks={TASKS}
        viewer="ops"
        ownView
        onOpen={() => undefined}
        held={{ task: 'approve_payment', reason: WHY }}
      />
    );
    page = await mount({ at: '/', path: '/', element });
    const [held, next] = Array.from(page.host.querySelectorAll('.next-step'));
    expect(held.getAttribute('data-held')).toBe('true');
    expect(held.querySelector('.next-step-held')!.textContent).toBe(WHY);
    const view = held.querySelector('button')!;
    expect([view.textContent, view.getAttribute('aria-label')]).toEqual(['View', 'View Approve payment']);
    expect(view.className).not.toContain('bp6-intent-primary');
    expect(next.querySelector('button')!.textContent).toBe('Start');
    expect(next.querySelector('.next-step-held')).toBeNull();
  });

  it('without a hold, the first step is the primary Start', async () => {
    page = await mount({
      at: '/',
      path: '/',
      element: <NextSteps tasks={TASKS} viewer="ops" ownView onOpen={() => undefined} held={null} />,
    });
    const first = page.host.querySelector('.next-step button')!;
    expect([first.textContent, first.className.includes('bp6-intent-primary')]).toEqual(['Start', true]);
    expect(page.host.querySelector('[data-held]')).toBeNull();
  });
});
