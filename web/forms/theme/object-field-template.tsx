/**
 * Objects: the form itself (its fields in order), or a group inside it (per-measure costs, an address,
 * one unit of a list) drawn as a titled fieldset whose short fields sit side by side.
 */

import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { contextOf } from '../form-context.ts';
import { InternalTag, labelOf } from './field-template.tsx';

export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { properties, title, fieldPathId, uiSchema, required, registry } = props;
  const path = fieldPathId.path;
  const visible = properties.filter((p) => !p.hidden).map((p) => p.content);
  if (path.length === 0) return <div className="rjsf-bp-form-fields">{visible}</div>;
  const inList = typeof path[path.length - 1] === 'number';
  const internal = uiSchema?.['ui:internal'] === true && contextOf(registry).show_internal;
  const help = uiSchema?.['ui:help'] as string | undefined;
  const heading = inList ? '' : labelOf(title, path);
  return (
    <fieldset className={`rjsf-bp-group${inList ? ' rjsf-bp-group-item' : ''}`} id={fieldPathId.$id}>
      {heading && (
        <legend className="rjsf-bp-group-title">
          {heading}
          {!required && <span className="bp6-text-muted rjsf-bp-optional"> (optional)</span>}
          {internal && <InternalTag />}
        </legend>
      )}
      {help && <div className="bp6-form-group-sub-label rjsf-bp-group-help">{help}</div>}
      <div className="rjsf-bp-group-fields">{visible}</div>
    </fieldset>
  );
}
