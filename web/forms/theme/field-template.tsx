/**
 * Every field's frame: a Blueprint FormGroup with the label (and '(optional)' where the answer may be
 * left out), the help under the label, the field, then its errors in red and its warnings in amber, in a place
 * kept for them while there are none (a message that appears moves no field below it).
 * Internal-only fields ("ui:internal") carry an 'Internal only' tag and are left out for anyone who
 * may not see them. Objects and lists draw their own heading (ObjectFieldTemplate, ArrayFieldTemplate).
 */

import { FormGroup, Icon, Tag } from '@blueprintjs/core';
import type { FieldTemplateProps } from '@rjsf/utils';
import type { ReactNode } from 'react';
import { contextOf } from '../form-context.ts';
import { humanize } from '../values.ts';

/** A field's label: the title, or its key made readable when the schema has no title. */
export function labelOf(label: string | undefined, path: (string | number)[]): string {
  const last = path[path.length - 1];
  if (typeof last === 'number') return label ?? '';
  if (!label || label === last) return humanize(String(last ?? ''));
  return label;
}

/**
 * Errors (red) and warnings (amber) under a field. `reserve`: the place of one message is kept while there is none,
 * so a message that appears (a field checked as it loses focus) moves nothing under a finger: on a phone, the tap
 * that took the focus away lands where it was aimed (issue 42).
 */
export function FieldMessages({
  id,
  errors,
  warnings,
  reserve = false,
}: {
  id: string;
  errors: string[];
  warnings: string[];
  reserve?: boolean;
}) {
  if (!errors.length && !warnings.length && !reserve) return null;
  return (
    <div className={`rjsf-bp-messages${reserve ? ' rjsf-bp-messages-reserved' : ''}`} id={`${id}__messages`}>
      {errors.map((m) => (
        <div key={`e${m}`} className="rjsf-bp-error" role="alert">
          <Icon icon="error" size={12} /> {m}
        </div>
      ))}
      {warnings.map((m) => (
        <div key={`w${m}`} className="rjsf-bp-warning">
          <Icon icon="warning-sign" size={12} /> {m}
        </div>
      ))}
    </div>
  );
}

/** The 'Internal only' tag. */
export const InternalTag = () => (
  <Tag className="rjsf-bp-internal" intent="warning" minimal icon="eye-off">
    Internal only
  </Tag>
);

export function FieldTemplate(props: FieldTemplateProps) {
  const {
    id,
    label,
    children,
    rawErrors,
    rawHelp,
    hidden,
    required,
    displayLabel,
    uiSchema,
    schema,
    registry,
    fieldPathId,
    readonly,
    classNames,
  } = props;
  if (hidden) return <div hidden>{children}</div>;
  const ctx = contextOf(registry);
  const internal = uiSchema?.['ui:internal'] === true;
  if (internal && !ctx.show_internal) return null;
  const path = fieldPathId.path.join('.');
  const errors = rawErrors ?? [];
  const warnings = ctx.warnings[path] ?? [];
  const widget = typeof uiSchema?.['ui:widget'] === 'string';
  const showLabel = (displayLabel || widget) && fieldPathId.path.length > 0;
  const container = !showLabel && (schema.type === 'object' || schema.type === 'array' || !!schema.properties);
  const tone = errors.length ? ' rjsf-bp-has-error' : warnings.length ? ' rjsf-bp-has-warning' : '';
  if (container) {
    return (
      <div
        className={`rjsf-bp-field rjsf-bp-container${tone}${internal ? ' rjsf-bp-internal-field' : ''}`}
        data-path={path}
      >
        {children}
        <FieldMessages id={id} errors={errors} warnings={warnings} />
      </div>
    );
  }
  const text = labelOf(label, fieldPathId.path);
  const labelNode: ReactNode = showLabel ? (
    <>
      {text}
      {internal && <InternalTag />}
    </>
  ) : undefined;
  const help = typeof uiSchema?.['ui:help'] === 'string' ? (uiSchema['ui:help'] as string) : rawHelp;
  return (
    <FormGroup
      className={`rjsf-bp-field${tone}${internal ? ' rjsf-bp-internal-field' : ''} ${classNames ?? ''}`.trim()}
      label={labelNode}
      labelFor={id}
      labelInfo={showLabel && !required && !readonly ? '(optional)' : undefined}
      subLabel={showLabel && help ? help : undefined}
      intent={errors.length ? 'danger' : warnings.length ? 'warning' : 'none'}
      data-path={path}
    >
      {children}
      {!showLabel && help && <div className="bp6-form-helper-text">{help}</div>}
      <FieldMessages id={id} errors={errors} warnings={warnings} reserve={!readonly} />
    </FormGroup>
  );
}
