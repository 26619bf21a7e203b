/** A read-only preview of a task form with its fields' validation messages listed. */

import { Dialog, DialogBody, H6, HTMLTable, Tag } from '@blueprintjs/core';
import type { TaskForm } from '../../../../engine/index.ts';

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

export default function FormPreview({ form, onClose }: { form: TaskForm; onClose: () => void }) {
  const fields = fieldsOf(form);
  const rules = form.runtime.rules;
  return (
    <Dialog isOpen onClose={onClose} title={`Form: ${form.title}`} className="form-preview-dialog">
      <DialogBody>
        {form.description && <p className="muted">{form.description}</p>}
        <HTMLTable compact striped className="preview-table">
          <thead>
            <tr><th>Field</th><th>Input</th><th>Messages</th></tr>
          </thead>
          <tbody>
            {fields.map((f) => (
              <tr key={f.name}>
                <td>
                  <div>{f.title}{f.required && <span className="required"> *</span>} {f.internal && <Tag minimal intent="warning">Internal only</Tag>}</div>
                  <code className="muted">{f.name}</code>
                </td>
                <td>{f.widget}</td>
                <td>{[...(f.required ? ['This field is required'] : []), ...f.messages].map((m) => <div key={m}>{m}</div>)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        {rules.length > 0 && (
          <>
            <H6 className="preview-rules">Cross-field rules</H6>
            <ul>{rules.map((r) => <li key={r.id}>{r.message} <span className="muted">({r.severity}, {r.id})</span></li>)}</ul>
          </>
        )}
      </DialogBody>
    </Dialog>
  );
}
