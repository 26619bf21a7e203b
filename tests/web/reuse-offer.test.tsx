/**
 * An upload field that may reuse another form's files (ui:options.reuse_from) offers the job's files of that form's
 * field, not those already in the field nor those of other fields; "Use this file" puts the stored reference in the
 * field (no task, form or field of the listing).
 */

import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { settle } from '../../web/lib/testing/render.tsx';
import { ReuseOffer, offeredFiles, reuseSourcesOf } from '../../web/forms/widgets/reuse-offer.tsx';
import type { JobFile } from '../../web/forms/form-context.ts';

const SOURCES = [{ form: 'scope_of_work_proposed', field: 'upload_scope_of_work', title: 'Proposed scope of work' }];
const file = (id: string, form: string, field: string): JobFile => ({
  id,
  name: `${id}.pdf`,
  content_type: 'application/pdf',
  size_bytes: 10,
  task_id: form,
  form,
  field,
});
const FILES = [
  file('a', 'scope_of_work_proposed', 'upload_scope_of_work'),
  file('b', 'scope_of_work_proposed', 'upload_scope_of_work'),
  file('c', 'upload_final_invoice', 'final_invoice'),
  file('d', 'scope_of_work_proposed', 'notes'),
];

describe('reusing another form’s uploads', () => {
  it('reads its sources from ui:options and offers only their files not already taken', () => {
    expect(reuseSourcesOf({ reuse_from: SOURCES })).toEqual(SOURCES);
    expect(reuseSourcesOf({ reuse_from: 'nope' })).toEqual([]);
    expect(reuseSourcesOf({})).toEqual([]);
    const offered = offeredFiles(FILES, SOURCES, [{ id: 'b' }] as never);
    expect(offered.map((o) => [o.file.id, o.from])).toEqual([['a', 'Proposed scope of work']]);
  });

  it('“Use this file” gives the field the stored reference', async () => {
    const onUse = vi.fn();
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    const ctx = { show_internal: false, warnings: {}, job_files: async () => FILES };
    await act(async () => root.render(<ReuseOffer sources={SOURCES} ctx={ctx} taken={[]} onUse={onUse} />));
    await settle();
    const buttons = Array.from(host.querySelectorAll('button'));
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Use a.pdf from Proposed scope of work',
      'Use b.pdf from Proposed scope of work',
    ]);
    await act(async () => buttons[0].click());
    expect(onUse).toHaveBeenCalledWith({ id: 'a', name: 'a.pdf', content_type: 'application/pdf', size_bytes: 10 });
    await act(async () => root.unmount());
    host.remove();
  });
});
