/**
 * Every form of task-schemas/ renders from data alone through the Blueprint theme (no per-form React
 * code): each is mounted with its fixture's filled example, and every answered field shows its label.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { conditionalsOf, pruneTaskData, type TaskForm } from '../../engine/index.ts';
import { clientForm, fieldLabel, TaskFormView } from '../../web/forms/index.ts';
import { loadRepo, ROOT } from '../load-repo.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// Forms render with no server: previews of stored photos and catalog lookups simply find nothing.
globalThis.fetch = async () =>
  new Response(JSON.stringify({ detail: 'Not Found' }), {
    status: 404,
    headers: { 'content-type': 'application/json' },
  });
const defs = loadRepo();
const host = document.createElement('div');
document.body.appendChild(host);
const root = createRoot(host);
afterAll(() => act(() => root.unmount()));

const asDocument = (form: TaskForm) => ({
  key: form.key,
  title: form.title,
  description: form.description,
  schema: form.schema,
  ui_schema: form.ui_schema,
  messages: form.messages,
  rules: form.runtime.rules.map((r) => ({
    id: r.id,
    field: r.field,
    applies_if: r.logic.applies_if,
    valid_if: r.logic.valid_if,
    message: r.message,
    severity: r.severity,
  })),
});

/** A field's label: its UI title, else the title of its schema (in the base or a conditional branch). */
function labelOf(form: TaskForm, field: string): string {
  const ui = (form.ui_schema?.[field] ?? {}) as Record<string, unknown>;
  if (typeof ui['ui:title'] === 'string') return ui['ui:title'];
  const branches = conditionalsOf(form.schema).flatMap((c) => [c.then, c.else]);
  for (const s of [form.schema, ...branches]) {
    const title = (s?.properties as Record<string, { title?: string }> | undefined)?.[field]?.title;
    if (title) return title;
  }
  return fieldLabel(form.schema, form.ui_schema, field);
}

describe.each(Object.keys(defs.forms).sort())('form %s', (key) => {
  it('renders its filled example with every answered field labelled', async () => {
    const form = defs.forms[key];
    const fx = parse(readFileSync(join(ROOT, 'tests/fixtures/forms', `${key}.yaml`), 'utf8')) as {
      valid: { data: Record<string, unknown> }[];
    };
    const data = pruneTaskData(form, fx.valid[0].data);
    const cf = clientForm(asDocument(form));
    await act(async () =>
      root.render(
        <TaskFormView form={cf} formData={data} onChange={() => undefined} context={{ show_internal: true }} />,
      ),
    );
    const text = host.textContent ?? '';
    const missing = Object.keys(data)
      .map((f) => labelOf(form, f))
      .filter((label) => !text.includes(label));
    expect(missing).toEqual([]);
    expect(host.querySelectorAll('.bp6-form-group').length).toBeGreaterThan(0);
  });
});
