/**
 * The household's income level (`"ui:widget": income_level`, with `"ui:options": { household_size_field:
 * <field> }`): the levels as choices, each with its range in dollars for the job's county and the
 * household size answered (GET /api/jobs/{id}/income-limits: the program's tables.income_limits),
 * updated as the size changes, and who verifies the income (the program's income verification service).
 * Without figures for the county (or outside a job) the levels read as percentages of the area median.
 */

import { Radio, RadioGroup } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client.ts';
import type { IncomeLimitsAnswer } from '../../../engine/api/income.ts';
import { bandsForSize, incomeBandText } from '../../../engine/income-limits.ts';
import { contextOf } from '../form-context.ts';

type Option = { label: string; value: unknown };

/** The default source of the limits: `GET /api/jobs/{job_id}/income-limits`. */
export function getIncomeLimits(jobId: number): Promise<IncomeLimitsAnswer> {
  return api<IncomeLimitsAnswer>('GET', `/api/jobs/${jobId}/income-limits`, { ignoreErrors: [404] });
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

export function IncomeLevelWidget(p: WidgetProps) {
  const ctx = contextOf(p.registry);
  const load = ctx.income_limits ?? getIncomeLimits;
  const [limits, setLimits] = useState<IncomeLimitsAnswer | null>(null);
  useEffect(() => {
    if (ctx.job_id === undefined) return;
    let live = true;
    load(ctx.job_id).then(
      (r) => live && setLimits(r),
      () => undefined, // No limits: the levels read as percentages.
    );
    return () => {
      live = false;
    };
  }, [ctx.job_id, load]);

  const options = (p.options.enumOptions as Option[] | undefined) ?? [];
  const selected = options.findIndex((o) => o.value === p.value);
  const sizeField = p.options.household_size_field as string | undefined;
  const size = sizeField ? ctx.form_data?.[sizeField] : undefined;
  const hasFigures = !!limits && Object.keys(limits.bands_by_size).length > 0;
  const bands = limits ? bandsForSize(limits.bands_by_size, size) : null;
  const leave = () => p.onBlur(p.id, p.value);

  return (
    <div className="rjsf-bp-income-level">
      {hasFigures && (
        <p className="muted" aria-live="polite">
          {bands
            ? `Limits for a household of ${size as number} in ${limits.county} County, before taxes:`
            : 'Answer the number of people living in the home to see the limits in dollars.'}
        </p>
      )}
      <RadioGroup
        name={p.htmlName ?? p.id}
        className="rjsf-bp-choices"
        selectedValue={selected >= 0 ? String(selected) : undefined}
        disabled={p.disabled || p.readonly}
        onChange={(e) => p.onChange(options[Number(e.currentTarget.value)]?.value)}
      >
        {options.map((o, k) => {
          const band = bands?.find((b) => b.level === o.value);
          return (
            <Radio
              key={k}
              id={k === 0 ? p.id : undefined}
              value={String(k)}
              onBlur={leave}
              labelElement={
                band ? (
                  <span>
                    <strong>{incomeBandText(band)}</strong>{' '}
                    <span className="muted">({lowerFirst(String(o.label))})</span>
                  </span>
                ) : (
                  String(o.label)
                )
              }
            />
          );
        })}
      </RadioGroup>
      {limits?.verification && (
        <p className="muted">
          You will verify your income with{' '}
          <a href={limits.verification.url} target="_blank" rel="noreferrer">
            {limits.verification.service}
          </a>
          .
        </p>
      )}
    </div>
  );
}
