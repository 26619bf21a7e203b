/**
 * The jobs list's toolbar: omni search (customer name, address or job ID), the filters of spec sect. 2
 * with the options of POST /api/jobs/filters, and the sort. On a phone the filters fold under a button.
 */

import { Button, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { ACTION_OWNER_LABELS, ACTION_OWNER_ROLES, ELIGIBILITY_STATUS_LABELS } from '../../../../engine/constants.ts';
import type { FilterOptions } from '../api/job-filters.ts';
import type { JobFilterValues, JobTab } from '../hooks/use-job-list.ts';

const DEBOUNCE_MS = 300;

/** Sort choices: job name or days in stage (spec sect. 2), and the default created_at. */
const SORTS = [
  { value: 'created_at:asc', label: 'Oldest first' },
  { value: 'created_at:desc', label: 'Newest first' },
  { value: 'full_name:asc', label: 'Job name A–Z' },
  { value: 'full_name:desc', label: 'Job name Z–A' },
  // Days in stage sorts by the date the stage was entered: the earliest has the most days.
  { value: 'days_in_stage:asc', label: 'Most days in stage' },
  { value: 'days_in_stage:desc', label: 'Fewest days in stage' },
];

/**
 * The stage choices, each by its one name: the stages of the chosen program's stage model, or of every
 * program's when they all share one reading. Null when the programs read stages differently (a number
 * names "Draft" in one and "Submit the rebate" in another): a program must be chosen first.
 */
export function stageOptions(
  options: FilterOptions | undefined,
  programId: string | undefined,
): { value: string; label: string; tab: string }[] | null {
  const programs = (options?.programs ?? []).filter((p) => !programId || p.id === programId);
  const byNumber = new Map<number, { label: string; tab: string }>();
  for (const p of programs)
    for (const s of p.stages) {
      const seen = byNumber.get(s.number);
      if (seen && seen.label !== s.label) return null;
      byNumber.set(s.number, { label: s.label, tab: s.tab });
    }
  return [...byNumber].sort(([a], [b]) => a - b).map(([n, e]) => ({ value: String(n), label: e.label, tab: e.tab }));
}

/** The stage filter's one choice while the programs read stages differently. */
export const STAGE_NEEDS_PROGRAM = 'Stage: choose a program first';

export interface JobsFiltersProps {
  isOps: boolean;
  filters: JobFilterValues;
  options: FilterOptions | undefined;
  sorting: { sort_by: string; sort_direction: 'asc' | 'desc' };
  anyFilter: boolean;
  update: (patch: Partial<JobFilterValues>) => void;
  clear: () => void;
  setSort: (by: string, direction: 'asc' | 'desc') => void;
}

export function JobsFilters({ isOps, filters, options, sorting, anyFilter, update, clear, setSort }: JobsFiltersProps) {
  const [text, setText] = useState(filters.q ?? '');
  const [open, setOpen] = useState(false);
  const committed = useRef(filters.q ?? '');
  const latest = useRef(update);
  useEffect(() => {
    latest.current = update;
  });
  // The search changed from outside (Clear filters): show it.
  useEffect(() => {
    if ((filters.q ?? '') !== committed.current) {
      committed.current = filters.q ?? '';
      setText(committed.current);
    }
  }, [filters.q]);
  useEffect(() => {
    if (text === committed.current) return;
    const t = setTimeout(() => {
      committed.current = text;
      latest.current({ q: text || undefined });
    }, DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text]);

  const stages = stageOptions(options, filters.program_id);
  const active = ['program_id', 'stage', 'eligibility', 'contractor_id', 'ops_user', 'action_owner'].filter(
    (k) => filters[k as keyof JobFilterValues],
  ).length;
  const select = (
    label: string,
    key: keyof JobFilterValues,
    all: string,
    choices: { value: string; label: string }[],
  ) => (
    <HTMLSelect
      aria-label={label}
      title={label}
      value={String(filters[key] ?? '')}
      onChange={(e) => update({ [key]: e.currentTarget.value || undefined })}
      options={[{ value: '', label: all }, ...choices]}
    />
  );

  return (
    <div className="jobs-toolbar">
      <div className="jobs-search-row">
        <InputGroup
          className="jobs-omni"
          leftIcon="search"
          type="text"
          enterKeyHint="search"
          placeholder="Customer name, address or job ID"
          aria-label="Search jobs"
          value={text}
          onValueChange={setText}
          onKeyDown={(e) => e.key === 'Escape' && text && setText('')}
          rightElement={
            text ? (
              <Button variant="minimal" icon="cross" aria-label="Clear search" onClick={() => setText('')} />
            ) : undefined
          }
        />
        <Button
          className="jobs-filters-toggle"
          icon="filter"
          text={active ? `Filters (${active})` : 'Filters'}
          active={open}
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        />
      </div>
      <div className={`jobs-filters${open ? ' open' : ''}`}>
        {isOps &&
          select(
            'Contractor',
            'contractor_id',
            'All contractors',
            (options?.contractors ?? []).map((c) => ({ value: String(c.id), label: c.name })),
          )}
        {isOps &&
          select(
            'Ops owner',
            'ops_user',
            'Any ops owner',
            (options?.ops_users ?? []).map((u) => ({ value: String(u.id), label: u.name })),
          )}
        <HTMLSelect
          aria-label="Program"
          title="Program"
          value={filters.program_id ?? ''}
          onChange={(e) => update({ program_id: e.currentTarget.value || undefined, stage: undefined })}
          options={[
            { value: '', label: 'All programs' },
            ...(options?.programs ?? []).map((p) => ({ value: p.id, label: p.name })),
          ]}
        />
        <HTMLSelect
          aria-label="Stage"
          title="Stage"
          value={filters.stage ?? ''}
          // A stage belongs to one tab: picking it opens that tab.
          disabled={!stages}
          onChange={(e) => {
            const s = stages?.find((x) => x.value === e.currentTarget.value);
            update({ stage: s?.value, ...(s ? { tab: s.tab as JobTab } : {}) });
          }}
          options={
            stages
              ? [{ value: '', label: 'All stages' }, ...stages.map(({ value, label }) => ({ value, label }))]
              : [{ value: '', label: STAGE_NEEDS_PROGRAM }]
          }
        />
        {select(
          'Eligibility',
          'eligibility',
          'Any eligibility',
          Object.entries(ELIGIBILITY_STATUS_LABELS).map(([value, label]) => ({ value, label })),
        )}
        {select(
          'Action owner',
          'action_owner',
          'Any action owner',
          (options?.action_owners ?? [...ACTION_OWNER_ROLES]).map((r) => ({ value: r, label: ACTION_OWNER_LABELS[r] })),
        )}
        <HTMLSelect
          aria-label="Sort by"
          title="Sort by"
          value={`${sorting.sort_by}:${sorting.sort_direction}`}
          onChange={(e) => {
            const [by, direction] = e.currentTarget.value.split(':');
            setSort(by, direction as 'asc' | 'desc');
          }}
          options={SORTS}
        />
        {anyFilter && (
          <Button
            variant="minimal"
            icon="cross"
            text="Clear filters"
            onClick={() => {
              setText('');
              clear();
            }}
          />
        )}
      </div>
    </div>
  );
}
