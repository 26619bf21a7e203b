/**
 * Choices: yes/no and radio as Blueprint radio groups, checkbox lists, and a select. Option values may
 * be strings, numbers or booleans, so inputs carry the option's index and map it back.
 */

import { Checkbox, HTMLSelect, Radio, RadioGroup } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';

type Option = { label: string; value: unknown };
const optionsOf = (p: WidgetProps): Option[] => (p.options.enumOptions as Option[] | undefined) ?? [];
const indexOf = (options: Option[], v: unknown) => options.findIndex((o) => o.value === v);

/** Leaving a choice shows its messages (the form's caller decides: on blur, not at the first change). */
const leave = (p: WidgetProps) => () => p.onBlur(p.id, p.value);

/** Short option lists sit on one line; long ones stack. */
const inline = (options: Option[]) => options.length <= 4 && options.every((o) => String(o.label).length <= 16);

/** Yes / No for a boolean (true = yes). */
export function YesNoWidget(p: WidgetProps) {
  const selected = p.value === true ? 'yes' : p.value === false ? 'no' : undefined;
  return (
    <RadioGroup
      name={p.htmlName ?? p.id}
      className="rjsf-bp-choices"
      inline
      selectedValue={selected}
      disabled={p.disabled || p.readonly}
      onChange={(e) => p.onChange(e.currentTarget.value === 'yes')}
    >
      <Radio id={p.id} label="Yes" value="yes" onBlur={leave(p)} />
      <Radio label="No" value="no" onBlur={leave(p)} />
    </RadioGroup>
  );
}

/** One of a few options. */
export function RadioWidget(p: WidgetProps) {
  const options = optionsOf(p);
  const i = indexOf(options, p.value);
  return (
    <RadioGroup
      name={p.htmlName ?? p.id}
      className="rjsf-bp-choices"
      inline={inline(options)}
      selectedValue={i >= 0 ? String(i) : undefined}
      disabled={p.disabled || p.readonly}
      onChange={(e) => p.onChange(options[Number(e.currentTarget.value)]?.value)}
    >
      {options.map((o, k) => (
        <Radio key={k} id={k === 0 ? p.id : undefined} label={String(o.label)} value={String(k)} onBlur={leave(p)} />
      ))}
    </RadioGroup>
  );
}

/** Any number of options (a list of unique values, kept in the options' order). */
export function CheckboxesWidget(p: WidgetProps) {
  const options = optionsOf(p);
  const value: unknown[] = Array.isArray(p.value) ? p.value : [];
  const toggle = (o: Option, on: boolean) => {
    const next = options.filter((x) => (x === o ? on : value.includes(x.value))).map((x) => x.value);
    p.onChange(next.length ? next : undefined);
  };
  return (
    <div
      className={`rjsf-bp-choices rjsf-bp-checkboxes${options.length > 6 ? ' rjsf-bp-columns' : ''}`}
      role="group"
      aria-labelledby={`${p.id}-label`}
      onBlur={leave(p)}
    >
      {options.map((o, k) => (
        <Checkbox
          key={k}
          id={k === 0 ? p.id : undefined}
          label={String(o.label)}
          checked={value.includes(o.value)}
          disabled={p.disabled || p.readonly}
          inline={inline(options)}
          onChange={(e) => toggle(o, e.currentTarget.checked)}
        />
      ))}
    </div>
  );
}

/** One of many options, in a drop-down. */
export function SelectWidget(p: WidgetProps) {
  const options = optionsOf(p);
  const i = indexOf(options, p.value);
  return (
    <HTMLSelect
      id={p.id}
      name={p.htmlName ?? p.id}
      className="rjsf-bp-select"
      value={i >= 0 ? String(i) : ''}
      disabled={p.disabled || p.readonly}
      aria-invalid={!!p.rawErrors?.length}
      onChange={(e) =>
        p.onChange(e.currentTarget.value === '' ? undefined : options[Number(e.currentTarget.value)]?.value)
      }
      onBlur={leave(p)}
    >
      <option value="">{p.placeholder || 'Select…'}</option>
      {options.map((o, k) => (
        <option key={k} value={String(k)}>
          {String(o.label)}
        </option>
      ))}
    </HTMLSelect>
  );
}
