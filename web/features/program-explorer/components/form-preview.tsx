/** A read-only preview of a task form with its fields' validation messages listed. */

import { Dialog, DialogBody, H6, HTMLTable, Spinner, Tab, Tabs, Tag } from '@blueprintjs/core';
import { tabPanelProps } from '../../../lib/components/tab-panel.ts';
import { Suspense, useMemo, useState } from 'react';
import type { TaskForm } from '../../../../engine/index.ts';
import { clientForm, TaskFormView } from '../../../forms/index.ts';

type Schema = Record<string, unknown>;

/** Fields of a form with their title, type, whether required, and the messages they can show. */
function fieldsOf(form: TaskForm) {
  const schema = form.schema as { properties?: Record<string, Schema>; required?: string[] };
  const required = new Set(schema.required ?? []);
  const messages = Object.entries(form.messages ?? {});
  const ui = (form.ui_schema ?? {}) as Record<string, Record<string, unknown>>;
  return form.fields.map((f) => {
    const p = schema.properties?.[f] ?? {};
    return {
      name: f,
      title: (p.title as string) ?? f,
      widget: (ui[f]?.['ui:widget'] as string) ?? (p.type as string) ?? '',
      required: required.has(f),
      internal: !!ui[f]?.['ui:internal'],
      messages: messages.filter(([k]) => k === f || k.startsWith(`${f}.`)).map(([, m]) => m),
    };
  });
}

/** The form as the job detail renders it (same RJSF theme), read-only; it suspends while its validators load. */
function LivePreview({ form }: { form: TaskForm }) {
  const cf = useMemo(
    () =>
      clientForm({
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
      }),
    [form],
  );
  const [data, setData] = useState<Record<string, unknown>>({});
  return <TaskFormView form={cf} formData={data} onChange={setData} context={{ show_internal: true }} readonly />;
}

export default function FormPreview({ form, onClose }: { form: TaskForm; onClose: () => void }) {
  const fields = fieldsOf(form);
  const rules = form.runtime.rules;
  const [tab, setTab] = useState<'form' | 'fields'>('form');
  return (
    <Dialog isOpen onClose={onClose} title={`Form: ${form.title}`} className="form-preview-dialog">
      <DialogBody>
        {form.description && <p className="muted">{form.description}</p>}
        <Tabs id="preview-tabs" selectedTabId={tab} onChange={(t) => setTab(t as 'form' | 'fields')}>
          <Tab id="form" title="Form" />
          <Tab id="fields" title="Fields and messages" />
        </Tabs>
        <div {...tabPanelProps('preview-tabs', tab)}>
          {tab === 'form' ? (
            <div className="live-preview">
              <Suspense fallback={<Spinner size={20} aria-label="Loading the form" />}>
                <LivePreview form={form} />
              </Suspense>
            </div>
          ) : (
            <>
              <HTMLTable compact striped className="preview-table">
                <thead>
                  <tr>
                    <th>Field</th>
                    <th>Input</th>
                    <th>Messages</th>
                  </tr>
                </thead>
                <tbody>
                  {fields.map((f) => (
                    <tr key={f.name}>
                      <td>
                        <div>
                          {f.title}
                          {f.required && <span className="required"> *</span>}{' '}
                          {f.internal && (
                            <Tag minimal intent="warning">
                              Internal only
                            </Tag>
                          )}
                        </div>
                        <code className="muted">{f.name}</code>
                      </td>
                      <td>{f.widget}</td>
                      <td>
                        {[...(f.required ? ['This field is required'] : []), ...f.messages].map((m) => (
                          <div key={m}>{m}</div>
                        ))}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
              {rules.length > 0 && (
                <>
                  <H6 className="preview-rules">Cross-field rules</H6>
                  <ul>
                    {rules.map((r) => (
                      <li key={r.id}>
                        {r.message}{' '}
                        <span className="muted">
                          ({r.severity}, {r.id})
                        </span>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </>
          )}
        </div>
      </DialogBody>
    </Dialog>
  );
}
