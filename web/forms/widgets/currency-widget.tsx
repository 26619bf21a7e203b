/**
 * Money: stored as integer cents (or whole dollars where "ui:options" say `unit: dollars`), shown and
 * typed as dollars. What is typed stays as typed ("12." while typing); '$' and ',' are allowed (typed-number.ts); text
 * that is not an amount is passed on as is, so the engine says what is wrong with it.
 */

import { InputGroup } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';
import { plainNumber, useTypedText } from './typed-number.ts';

/** Parses typed dollars into the stored value (cents unless the field is in dollars). */
export function parseDollars(text: string, unit: 'cents' | 'dollars'): number | string | undefined {
  if (text.trim() === '') return undefined;
  const s = plainNumber(text, /[$,\s]/g);
  if (s === null) return text;
  const n = Number(s);
  return unit === 'dollars' ? n : Math.round(n * 100);
}

/** The stored value as dollars text: 123456 -> '1,234.56'. */
export function formatDollars(value: unknown, unit: 'cents' | 'dollars'): string {
  if (typeof value !== 'number') return typeof value === 'string' ? value : '';
  const dollars = unit === 'dollars' ? value : value / 100;
  const whole = unit === 'dollars' && Number.isInteger(value);
  return dollars.toLocaleString('en-US', { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 });
}

export function CurrencyWidget(p: WidgetProps) {
  const unit = p.options.unit === 'dollars' ? 'dollars' : 'cents';
  // A value set from outside (a reload, a merge after a conflict) replaces what is shown.
  const { text, setText, mine, typed } = useTypedText(p.value, (v) => formatDollars(v, unit));
  return (
    <InputGroup
      id={p.id}
      name={p.htmlName ?? p.id}
      className="rjsf-bp-input-currency"
      leftElement={<span className="rjsf-bp-currency-sign">$</span>}
      inputMode="decimal"
      value={text}
      placeholder={p.placeholder || undefined}
      disabled={p.disabled}
      readOnly={p.readonly}
      intent={p.rawErrors?.length ? 'danger' : 'none'}
      aria-invalid={!!p.rawErrors?.length}
      aria-describedby={`${p.id}__messages`}
      onChange={(e) => {
        const v = parseDollars(e.target.value, unit);
        typed(e.target.value, v);
        p.onChange(v);
      }}
      onBlur={() => {
        if (typeof mine.current === 'number') setText(formatDollars(mine.current, unit));
        p.onBlur(p.id, mine.current);
      }}
      onFocus={() => p.onFocus(p.id, p.value)}
    />
  );
}
