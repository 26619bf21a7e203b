/**
 * One component renders any task form from its document: RJSF with the Blueprint theme, the engine's
 * messages under the fields (the caller decides which to show: touched fields while typing, all after a
 * submit), warnings that do not block, and form-wide messages in a callout above the fields.
 */

import { Callout } from '@blueprintjs/core';
import Form, { type IChangeEvent } from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useMemo, useRef } from 'react';
import { hiddenClientFields, type ClientForm, type JobFacts } from './client-form.ts';
import { EMPTY_CONTEXT, type TaskFormContext } from './form-context.ts';
import { errorSchemaOf, groupByPlace, type FieldMessage, type Node } from './messages.ts';
import { fields, templates, widgets } from './theme/theme.ts';
import { fieldLabel } from './values.ts';
import './theme/form-theme.css';

/** Defaults RJSF must not invent: no empty items for minItems, no `{}` for an unanswered upload. */
const DEFAULTS = { arrayMinItems: { populate: 'never' as const }, emptyObjectFields: 'skipDefaults' as const };

export interface TaskFormViewProps {
  form: ClientForm;
  formData: Record<string, unknown>;
  /** Called with the whole data and the top-level fields whose value changed. */
  onChange: (data: Record<string, unknown>, changed: string[]) => void;
  /** Errors to show (dotted paths). */
  errors?: FieldMessage[];
  /** Warnings to show; they never block. */
  warnings?: FieldMessage[];
  /** Upload, search and who is looking. */
  context?: Partial<TaskFormContext>;
  readonly?: boolean;
  /** A field lost focus (the caller starts showing its messages). */
  onBlurField?: (field: string) => void;
  /** The job the form is about: questions its `shown_if` hides are not shown (absent: every question shows). */
  job?: JobFacts;
}

/** The UI schema as RJSF needs it: a form whose "ui:order" forgets a field still renders (at the end). */
function prepareUi(ui: Node | undefined): UiSchema {
  const order = ui?.['ui:order'];
  if (Array.isArray(order) && !order.includes('*')) return { ...ui, 'ui:order': [...order, '*'] } as UiSchema;
  return (ui ?? {}) as UiSchema;
}

/** Top-level fields whose value differs. */
function changedKeys(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
}

/** Drops what RJSF adds for unanswered fields: undefined keys, and groups left with no answer (`{}`). */
export function cleanData(value: unknown): unknown {
  if (Array.isArray(value)) return value;
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const c = cleanData(v);
    if (c !== undefined) out[k] = c;
  }
  return Object.keys(out).length ? out : undefined;
}

const clean = (data: unknown) => (cleanData(data) as Record<string, unknown> | undefined) ?? {};

export function TaskFormView({
  form,
  formData,
  onChange,
  errors = [],
  warnings = [],
  context,
  readonly,
  onBlurField,
  job,
}: TaskFormViewProps) {
  const doc = form.document;
  const schema = doc.schema as Node;
  const hidden = useMemo(() => hiddenClientFields(form, job), [form, job]);
  const uiSchema = useMemo(() => {
    const ui = prepareUi(doc.ui_schema as Node | undefined);
    return hidden.length
      ? {
          ...ui,
          ...Object.fromEntries(hidden.map((f) => [f, { ...(ui[f] as object | undefined), 'ui:widget': 'hidden' }])),
        }
      : ui;
  }, [doc.ui_schema, hidden]);
  const latest = useRef(formData);
  latest.current = formData;
  const showInternal = context?.show_internal ?? EMPTY_CONTEXT.show_internal;
  const internalHidden = (path: string) =>
    !showInternal && (doc.ui_schema?.[path.split('.')[0]] as Node | undefined)?.['ui:internal'] === true;

  const grouped = useMemo(() => groupByPlace(errors, schema, doc.ui_schema as Node), [errors, schema, doc.ui_schema]);
  const extraErrors = useMemo(() => errorSchemaOf(grouped), [grouped]);
  const warned = useMemo(
    () => groupByPlace(warnings, schema, doc.ui_schema as Node),
    [warnings, schema, doc.ui_schema],
  );
  const itemWarnings = useMemo(() => {
    const out: Record<string, string[]> = {};
    for (const w of warnings) (out[w.path] ??= []).push(w.message);
    return out;
  }, [warnings]);

  const formContext = useMemo<TaskFormContext>(
    () => ({
      ...EMPTY_CONTEXT,
      ...context,
      show_internal: showInternal,
      warnings: warned,
      item_warnings: itemWarnings,
      form_data: formData,
      set_field: (field, value) => {
        const next = { ...latest.current, [field]: value };
        onChange(next, [field]);
      },
    }),
    [context, showInternal, warned, itemWarnings, onChange, formData],
  );

  // Messages with no field on screen: the whole form's, or an internal field hidden from this viewer.
  const label = (path: string) => (path ? `${fieldLabel(schema, doc.ui_schema as Node, path.split('.')[0])}: ` : '');
  const formErrors = Object.entries(grouped)
    .filter(([p]) => !p || internalHidden(p))
    .flatMap(([p, list]) => list.map((m) => label(p) + m));
  const formWarnings = Object.entries(warned)
    .filter(([p]) => !p || internalHidden(p))
    .flatMap(([p, list]) => list.map((m) => label(p) + m));

  return (
    <div className="rjsf-bp">
      {formErrors.length > 0 && (
        <Callout intent="danger" icon="error" className="rjsf-bp-form-messages" role="alert">
          {formErrors.map((m) => (
            <div key={m}>{m}</div>
          ))}
        </Callout>
      )}
      {formWarnings.length > 0 && (
        <Callout intent="warning" icon="warning-sign" className="rjsf-bp-form-messages">
          {formWarnings.map((m) => (
            <div key={m}>{m}</div>
          ))}
        </Callout>
      )}
      <Form
        tagName="div"
        schema={schema as RJSFSchema}
        uiSchema={uiSchema}
        formData={formData}
        validator={form.rjsf_validator}
        templates={templates}
        widgets={widgets}
        fields={fields}
        formContext={formContext}
        extraErrors={extraErrors}
        noHtml5Validate
        noValidate
        showErrorList={false}
        readonly={readonly}
        idPrefix={`task_${doc.key}`}
        experimental_defaultFormStateBehavior={DEFAULTS}
        onChange={(e: IChangeEvent) => {
          const next = clean(e.formData as Record<string, unknown>);
          const changed = changedKeys(latest.current, next);
          if (changed.length) onChange(next, changed);
        }}
        onBlur={(id: string) => onBlurField?.(topField(id, doc.key, form.task_form.fields))}
      >
        <></>
      </Form>
    </div>
  );
}

/** The top-level field of an RJSF id (`task_<form>_<field>[_<child>...]`); field names hold underscores. */
function topField(id: string, key: string, names: string[]): string {
  const rest = id.slice(`task_${key}_`.length);
  return names.filter((n) => rest === n || rest.startsWith(`${n}_`)).sort((a, b) => b.length - a.length)[0] ?? rest;
}
