/** Text, number, date and long text on Blueprint inputs; errors turn the input red. */

import { Checkbox, InputGroup, TextArea } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';
import { plainNumber, useTypedText } from './typed-number.ts';

const intentOf = (p: WidgetProps) => (p.rawErrors?.length ? 'danger' : 'none');
const describedBy = (p: WidgetProps) => `${p.id}__messages`;

/** An empty input means no answer (absent), never ''. */
const emptyToUndefined = (v: string, p: WidgetProps) => (v === '' ? p.options.emptyValue : v);

const asText = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/** One line of text; numbers go to NumberWidget. */
export function TextWidget(p: WidgetProps) {
  const numeric = p.schema.type === 'number' || p.schema.type === 'integer';
  return numeric ? (
    <NumberWidget {...p} />
  ) : (
    <LineInput p={p} text={asText(p.value)} onText={(t) => p.onChange(emptyToUndefined(t, p))} />
  );
}

/**
 * A number: "6,200" is 6200 (separators dropped on entry, RJSF's number field stores the number);
 * what is not a number is passed on as typed so the engine can say what is wrong with it.
 */
function NumberWidget(p: WidgetProps) {
  const { text, typed } = useTypedText(p.value, asText);
  const onText = (t: string) => {
    const v = t.trim() === '' ? p.options.emptyValue : (plainNumber(t) ?? t);
    typed(t, v);
    p.onChange(v);
  };
  return <LineInput p={p} text={text} onText={onText} />;
}

function LineInput({ p, text, onText }: { p: WidgetProps; text: string; onText: (t: string) => void }) {
  const numeric = p.schema.type === 'number' || p.schema.type === 'integer';
  const type = p.schema.format === 'email' ? 'email' : p.schema.format === 'phone' ? 'tel' : 'text';
  return (
    <InputGroup
      id={p.id}
      name={p.htmlName ?? p.id}
      className={numeric ? 'rjsf-bp-input-number' : 'rjsf-bp-input-text'}
      type={type}
      inputMode={numeric ? (p.schema.type === 'integer' ? 'numeric' : 'decimal') : undefined}
      value={text}
      placeholder={p.placeholder || undefined}
      disabled={p.disabled}
      readOnly={p.readonly}
      autoFocus={p.autofocus}
      intent={intentOf(p)}
      aria-invalid={!!p.rawErrors?.length}
      aria-describedby={describedBy(p)}
      onChange={(e) => onText(e.target.value)}
      onBlur={(e) => p.onBlur(p.id, e.target.value)}
      onFocus={(e) => p.onFocus(p.id, e.target.value)}
    />
  );
}

/** A calendar date (YYYY-MM-DD) with the browser's date picker. */
export function DateWidget(p: WidgetProps) {
  return (
    <InputGroup
      id={p.id}
      name={p.htmlName ?? p.id}
      className="rjsf-bp-input-date"
      type="date"
      value={typeof p.value === 'string' ? p.value : ''}
      disabled={p.disabled}
      readOnly={p.readonly}
      intent={intentOf(p)}
      aria-invalid={!!p.rawErrors?.length}
      aria-describedby={describedBy(p)}
      onChange={(e) => p.onChange(emptyToUndefined(e.target.value, p))}
      onBlur={(e) => p.onBlur(p.id, e.target.value)}
      onFocus={(e) => p.onFocus(p.id, e.target.value)}
    />
  );
}

/** Notes and other long text: grows with what is typed. */
export function TextareaWidget(p: WidgetProps) {
  return (
    <TextArea
      id={p.id}
      name={p.htmlName ?? p.id}
      className="rjsf-bp-textarea"
      fill
      autoResize
      rows={3}
      value={typeof p.value === 'string' ? p.value : ''}
      placeholder={p.placeholder || undefined}
      disabled={p.disabled}
      readOnly={p.readonly}
      intent={intentOf(p)}
      aria-invalid={!!p.rawErrors?.length}
      aria-describedby={describedBy(p)}
      onChange={(e) => p.onChange(emptyToUndefined(e.target.value, p))}
      onBlur={(e) => p.onBlur(p.id, e.target.value)}
      onFocus={(e) => p.onFocus(p.id, e.target.value)}
    />
  );
}

/** A lone checkbox (a boolean without a widget named). */
export function CheckboxWidget(p: WidgetProps) {
  return (
    <Checkbox
      id={p.id}
      checked={p.value === true}
      label={p.label}
      disabled={p.disabled || p.readonly}
      onChange={(e) => p.onChange(e.currentTarget.checked)}
    />
  );
}
