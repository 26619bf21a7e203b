/**
 * Task form fields as people use them (issue 20, item 9): a field's required or format message waits
 * until the field is left or a submit is tried (never at the first keystroke); number fields accept
 * thousands separators like money fields and store numbers; a refused file's message goes once
 * another file is picked and uploaded.
 */

import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { click, mount, settle, type Mounted } from '../../web/lib/testing/render.tsx';
import { ApiError } from '../../web/lib/api-client.ts';
import { clientForm, TaskFormView, type FormJson } from '../../web/forms/index.ts';
import type { UploadResult } from '../../web/forms/attachments.ts';
import { useTaskEditor } from '../../web/features/job-detail/hooks/use-task-editor.ts';
import type { JobTask } from '../../web/features/job-detail/api/get-job.ts';

const REQUIRED = 'This field is required';
const DOCUMENT = {
  key: 'field_check',
  title: 'Field check',
  schema: {
    type: 'object',
    required: ['name', 'email', 'kwh'],
    properties: {
      name: { type: 'string', title: 'Name' },
      email: { type: 'string', format: 'email', title: 'Email' },
      kwh: { type: 'number', minimum: 0, title: 'Annual use (kWh)' },
      cost: { type: 'integer', minimum: 0, title: 'Cost' },
      photo: { type: 'object', title: 'Photo', properties: { id: { type: 'string' }, name: { type: 'string' } } },
    },
  },
  ui_schema: { cost: { 'ui:widget': 'currency' }, photo: { 'ui:widget': 'photo_upload' } },
  messages: {},
  rules: [],
} as unknown as FormJson;
const form = clientForm(DOCUMENT);
const TASK = { id: 'field_check', data: {}, version: 1, updated_at: '2026-01-01T00:00:00Z' } as unknown as JobTask;

function Editor({ upload }: { upload?: (file: File) => Promise<UploadResult> }) {
  const e = useTaskEditor({ jobId: 1, task: TASK, form, job: {} });
  return (
    <>
      <TaskFormView
        form={form}
        formData={e.data}
        onChange={e.onChange}
        errors={e.errors}
        onBlurField={e.onBlurField}
        context={{
          show_internal: true,
          warnings: {},
          upload,
          download: async () => new Blob(['x'], { type: 'image/jpeg' }),
        }}
      />
      <button type="button" id="submit" onClick={() => void e.submit()} />
      <output id="data">{JSON.stringify(e.data)}</output>
    </>
  );
}

let page: Mounted | undefined;
afterEach(async () => {
  await page?.unmount();
  page = undefined;
  localStorage.clear();
});

const input = (field: string) => page!.host.querySelector<HTMLInputElement>(`#task_field_check_${field}`)!;
const messages = (field: string) => page!.host.querySelector(`#task_field_check_${field}__messages`)?.textContent ?? '';
const data = () => JSON.parse(page!.host.querySelector('#data')!.textContent!) as Record<string, unknown>;

async function type(field: string, value: string) {
  const el = input(field);
  await act(async () => {
    el.focus();
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
async function leave(field: string) {
  await act(async () => void input(field).dispatchEvent(new FocusEvent('focusout', { bubbles: true })));
  await settle();
}

describe('messages under a field', () => {
  it('show nothing at the first keystroke; a required or format message shows once the field is left', async () => {
    page = await mount({ at: '/', path: '/', element: <Editor /> });
    await type('email', 'j');
    expect(messages('email')).toBe('');
    expect(page.text()).not.toContain(REQUIRED);
    await leave('email');
    expect(messages('email')).toContain('valid email');
    await type('name', '');
    await leave('name');
    expect(messages('name')).toContain(REQUIRED);
  });

  it('show under every field after a submit is tried, without leaving any', async () => {
    page = await mount({ at: '/', path: '/', element: <Editor /> });
    expect(page.text()).not.toContain(REQUIRED);
    await click(page.host.querySelector('#submit')!);
    expect(messages('name')).toContain(REQUIRED);
    expect(messages('kwh')).toContain(REQUIRED);
  });
});

describe('number fields', () => {
  it('accept thousands separators as money fields do, store numbers and keep what was typed', async () => {
    page = await mount({ at: '/', path: '/', element: <Editor /> });
    await type('kwh', '6,200');
    await type('cost', '18,500');
    await leave('kwh');
    expect(data()).toMatchObject({ kwh: 6200, cost: 1850000 });
    expect(input('kwh').value).toBe('6,200');
    expect(messages('kwh')).toBe('');
    await type('kwh', '6,2x0');
    await leave('kwh');
    expect(data().kwh).toBe('6,2x0');
    expect(messages('kwh')).not.toBe('');
  });
});

describe('uploads', () => {
  it('drop the refused file message once another file is uploaded', async () => {
    const refused = 'Only JPEG, PNG or HEIC photos can be uploaded.';
    const answers = [
      () => Promise.reject(new ApiError(415, refused)),
      () =>
        Promise.resolve({
          id: 7,
          name: 'meter.jpg',
          content_type: 'image/jpeg',
          size_bytes: 10,
          warnings: [],
        } as unknown as UploadResult),
    ];
    page = await mount({ at: '/', path: '/', element: <Editor upload={() => answers.shift()!()} /> });
    const pick = async (name: string) => {
      const el = input('photo');
      Object.defineProperty(el, 'files', {
        configurable: true,
        value: [new File(['x'], name, { type: 'text/plain' })],
      });
      await act(async () => void el.dispatchEvent(new Event('change', { bubbles: true })));
      await settle();
    };
    await pick('notes.txt');
    expect(page.text()).toContain(refused);
    await pick('meter.jpg');
    expect(data().photo).toMatchObject({ id: '7', name: 'meter.jpg' });
    expect(page.text()).not.toContain(refused);
  });
});
