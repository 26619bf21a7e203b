/**
 * RJSF draws objects field by field and ignores "ui:widget" on them; a single upload or a catalog pick
 * is an object drawn by one widget. This ObjectField hands such fields to the named widget and leaves
 * every other object to RJSF's own.
 */

import { getDefaultRegistry } from '@rjsf/core';
import { getUiOptions, type FieldProps } from '@rjsf/utils';
import { labelOf } from './field-template.tsx';

const DefaultObjectField = getDefaultRegistry().fields.ObjectField;

export function WidgetObjectField(props: FieldProps) {
  const { widget, ...options } = getUiOptions(props.uiSchema);
  const Widget = typeof widget === 'string' ? props.registry.widgets[widget] : undefined;
  if (!Widget) return <DefaultObjectField {...props} />;
  return (
    <Widget
      id={props.fieldPathId.$id}
      name={props.name}
      label={labelOf(props.schema.title, props.fieldPathId.path)}
      schema={props.schema}
      uiSchema={props.uiSchema}
      value={props.formData}
      options={options}
      required={props.required}
      disabled={props.disabled}
      readonly={props.readonly}
      autofocus={props.autofocus}
      rawErrors={props.rawErrors}
      registry={props.registry}
      onChange={(value: unknown) => props.onChange(value as never, props.fieldPathId.path)}
      onBlur={props.onBlur}
      onFocus={props.onFocus}
    />
  );
}
