/**
 * Every option once, in an order the user sets (a list of unique values, e.g. the jobs list's stage
 * tabs): a numbered row per option with Move up / Move down. Options the value leaves out are listed
 * after it, so the first move saves a complete order.
 */

import { Button } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';

type Option = { label: string; value: unknown };

/** The options in the value's order, then the ones it leaves out. */
function ordered(options: Option[], value: unknown): Option[] {
  const list = Array.isArray(value) ? value : [];
  const first = list
    .map((v) => options.find((o) => o.value === v))
    .filter((o, i, all): o is Option => !!o && all.indexOf(o) === i);
  return [...first, ...options.filter((o) => !first.includes(o))];
}

export function OrderedChoicesWidget(p: WidgetProps) {
  const rows = ordered((p.options.enumOptions as Option[] | undefined) ?? [], p.value);
  const locked = p.disabled || p.readonly;
  const move = (from: number, to: number) => {
    const next = rows.map((o) => o.value);
    [next[from], next[to]] = [next[to], next[from]];
    p.onChange(next);
  };
  return (
    <ol className="rjsf-bp-ordered" id={p.id} aria-label={p.label}>
      {rows.map((o, i) => (
        <li key={String(o.value)} className="rjsf-bp-ordered-item">
          <span className="rjsf-bp-ordered-number" aria-hidden>
            {i + 1}
          </span>
          <span className="rjsf-bp-ordered-label">{String(o.label)}</span>
          {!locked && (
            <span className="rjsf-bp-ordered-buttons">
              <Button
                variant="minimal"
                size="small"
                icon="arrow-up"
                aria-label={`Move ${o.label} up`}
                disabled={i === 0}
                onClick={() => move(i, i - 1)}
              />
              <Button
                variant="minimal"
                size="small"
                icon="arrow-down"
                aria-label={`Move ${o.label} down`}
                disabled={i === rows.length - 1}
                onClick={() => move(i, i + 1)}
              />
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
