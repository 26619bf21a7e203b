/**
 * Lists of groups (indoor units, outdoor units, ...): each item in a bordered row with its remove and
 * move buttons, and an 'Add' button naming what it adds. Lists of choices and uploads are widgets.
 */

import { Button } from '@blueprintjs/core';
import type { ArrayFieldItemTemplateProps, ArrayFieldTemplateProps } from '@rjsf/utils';
import { InternalTag, labelOf } from './field-template.tsx';
import { contextOf } from '../form-context.ts';

/** 'Indoor units' -> 'indoor unit' (what an Add button adds). */
export function singular(title: string): string {
  const t = title.replace(/\s*\(.*\)$/, '').toLowerCase();
  return t.endsWith('ies') ? `${t.slice(0, -3)}y` : t.endsWith('s') ? t.slice(0, -1) : t;
}

export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { items, canAdd, onAddClick, title, fieldPathId, required, readonly, disabled, uiSchema, registry } = props;
  const heading = labelOf(title, fieldPathId.path);
  const help = uiSchema?.['ui:help'] as string | undefined;
  const internal = uiSchema?.['ui:internal'] === true && contextOf(registry).show_internal;
  return (
    <fieldset className="rjsf-bp-list" id={fieldPathId.$id}>
      <legend className="rjsf-bp-group-title">
        {heading}
        {!required && <span className="bp6-text-muted rjsf-bp-optional"> (optional)</span>}
        {internal && <InternalTag />}
      </legend>
      {help && <div className="bp6-form-group-sub-label rjsf-bp-group-help">{help}</div>}
      {items.length === 0 && <div className="bp6-text-muted rjsf-bp-list-empty">None added yet.</div>}
      <div className="rjsf-bp-list-items">{items}</div>
      {canAdd && !readonly && !disabled && (
        <Button
          icon="add"
          variant="outlined"
          size="small"
          onClick={onAddClick}
          text={`Add ${singular(heading) || 'item'}`}
        />
      )}
    </fieldset>
  );
}

export function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, buttonsProps, hasToolbar, index } = props;
  const b = buttonsProps;
  return (
    <div className="rjsf-bp-list-item">
      <div className="rjsf-bp-list-item-number" aria-hidden>
        {index + 1}
      </div>
      <div className="rjsf-bp-list-item-body">{children}</div>
      {hasToolbar && !b.readonly && !b.disabled && (
        <div className="rjsf-bp-list-item-buttons">
          {(b.hasMoveUp || b.hasMoveDown) && (
            <>
              <Button
                variant="minimal"
                size="small"
                icon="arrow-up"
                aria-label="Move up"
                disabled={!b.hasMoveUp}
                onClick={b.onMoveUpItem}
              />
              <Button
                variant="minimal"
                size="small"
                icon="arrow-down"
                aria-label="Move down"
                disabled={!b.hasMoveDown}
                onClick={b.onMoveDownItem}
              />
            </>
          )}
          {b.hasRemove && (
            <Button
              variant="minimal"
              size="small"
              icon="trash"
              intent="danger"
              aria-label={`Remove item ${index + 1}`}
              onClick={b.onRemoveItem}
            />
          )}
        </div>
      )}
    </div>
  );
}
