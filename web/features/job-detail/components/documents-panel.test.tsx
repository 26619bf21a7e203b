/**
 * The documents panel when every signer signed but the signed copy could not be made: ops read the cause, whether the
 * portal still retries, and the ways out, and "Try again now" posts and shows the answer; without a failure (and for
 * everyone but ops, whom the server sends none) there is no callout.
 */

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JobDocument, JobDocuments } from '../api/get-documents.ts';
import { button, click, hasButton, mockApi, mount, type Mounted } from '../../../lib/testing/render.tsx';

const toasts: string[] = [];
vi.mock('../../../lib/toaster.ts', () => ({
  errorToast: (m: string) => void toasts.push(m),
  successToast: (m: string) => void toasts.push(m),
}));

const { DocumentsPanel } = await import('./documents-panel.tsx');

const GET = 'GET /api/jobs/7/documents';
const STAMP = 'POST /api/jobs/7/documents/31/stamp';
const CAUSE = 'The portal’s signing certificate could not be read: there is no such file.';

function documents(failure: JobDocument['stamping_failure'], signed = false): JobDocuments {
  return {
    pending_work: !!failure && !failure.stopped,
    items: [
      {
        id: 31,
        task_id: 'sign_tech_customer_agreement',
        key: 'tech_customer_agreement',
        title: 'TECH Clean California customer agreement',
        generation: 1,
        status: 'success',
        created_at: '2026-06-01T15:00:00.000Z',
        sha256: 'a'.repeat(64),
        download_url: '/api/jobs/7/documents/31/file',
        signed_download_url: signed ? '/api/jobs/7/documents/31/file?signed=true' : null,
        signed_sha256: signed ? 'b'.repeat(64) : null,
        signed_another_way: false,
        signers: [],
        stamping_failure: failure,
      },
    ],
  };
}

let panel: Mounted | undefined;
const open = async () => (panel = await mount({ path: '/', at: '/', element: <DocumentsPanel jobId={7} /> }));

afterEach(async () => {
  await panel?.unmount();
  panel = undefined;
  toasts.length = 0;
  vi.unstubAllGlobals();
});

describe('a signed copy that could not be made', () => {
  it('stopped: the cause, that the portal stopped, the ways out; Try again now posts and the copy appears', async () => {
    const api = mockApi({
      [GET]: [
        { body: documents({ cause: CAUSE, stopped: true, attempts: 8, next_attempt_at: null }) },
        { body: documents(null, true) },
      ],
      [STAMP]: { body: documents(null, true) },
    });
    await open();
    const callout = panel!.host.querySelector('.document-stamping-failure');
    expect(callout?.textContent).toContain('Everyone signed, but the signed copy could not be made.');
    expect(callout?.textContent).toContain(`Cause: ${CAUSE}`);
    expect(callout?.textContent).toContain('The portal stopped trying after 8 attempts.');
    expect(callout?.textContent).toContain('Regenerate documents');
    await click(button(panel!.host, 'Try again now'));
    expect(api.count(STAMP)).toBe(1);
    expect(toasts).toEqual(['The signed copy is being made again.']);
    expect(panel!.host.querySelector('.document-stamping-failure')).toBeNull();
    expect(hasButton(panel!.host, 'Download signed')).toBe(true);
  });

  it('still retrying: says the portal tries again by itself', async () => {
    mockApi({
      [GET]: { body: documents({ cause: CAUSE, stopped: false, attempts: 2, next_attempt_at: null }) },
    });
    await open();
    expect(panel!.host.querySelector('.document-stamping-failure')?.textContent).toContain(
      'The portal tries again by itself (attempt 2 failed).',
    );
  });

  it('a refusal is shown as the server words it', async () => {
    mockApi({
      [GET]: { body: documents({ cause: CAUSE, stopped: true, attempts: 8, next_attempt_at: null }) },
      [STAMP]: { status: 409, body: { code: 'signature_complete', detail: 'There is nothing to stamp.' } },
    });
    await open();
    await click(button(panel!.host, 'Try again now'));
    expect(toasts).toEqual(['There is nothing to stamp.']);
  });

  it('no failure: no callout, no button', async () => {
    mockApi({ [GET]: { body: documents(null, true) } });
    await open();
    expect(panel!.host.querySelector('.document-stamping-failure')).toBeNull();
    expect(hasButton(panel!.host, 'Try again now')).toBe(false);
  });
});
