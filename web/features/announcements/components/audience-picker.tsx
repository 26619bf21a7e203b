/**
 * One audience dimension of an announcement (contractors or programs): everyone, or a chosen few
 * picked from a filterable checklist, the chosen ones shown as removable tags above it.
 */

import { Checkbox, FormGroup, InputGroup, Radio, RadioGroup, Spinner, Tag } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import type { AudienceOption } from '../api/get-audience-options.ts';

export interface AudiencePickerProps<Id extends string | number> {
  name: string;
  /** "contractors" / "programs" */
  noun: string;
  value: Id[] | null;
  onChange: (value: Id[] | null) => void;
  options: AudienceOption<Id>[] | undefined;
  error?: string;
}

const FILTER_FROM = 8;

export function AudiencePicker<Id extends string | number>({
  name,
  noun,
  value,
  onChange,
  options,
  error,
}: AudiencePickerProps<Id>) {
  const [filter, setFilter] = useState('');
  const names = useMemo(() => new Map((options ?? []).map((o) => [o.id, o.name])), [options]);
  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return (options ?? []).filter((o) => !f || o.name.toLowerCase().includes(f));
  }, [options, filter]);
  const chosen = new Set(value ?? []);
  const toggle = (id: Id) => onChange(chosen.has(id) ? (value ?? []).filter((v) => v !== id) : [...(value ?? []), id]);

  return (
    <FormGroup
      label={`Show to ${noun}`}
      className="audience-picker"
      intent={error ? 'danger' : undefined}
      helperText={error}
    >
      <RadioGroup
        name={`${name}-mode`}
        inline
        selectedValue={value === null ? 'all' : 'some'}
        onChange={(e) => onChange(e.currentTarget.value === 'all' ? null : [])}
      >
        <Radio value="all" label={`All ${noun}`} />
        <Radio value="some" label={`Specific ${noun}`} />
      </RadioGroup>
      {value !== null && (
        <div className="audience-box">
          {value.length > 0 ? (
            <div className="audience-chosen">
              {value.map((id) => (
                <Tag key={String(id)} minimal intent="primary" onRemove={() => toggle(id)}>
                  {names.get(id) ?? String(id)}
                </Tag>
              ))}
            </div>
          ) : (
            <p className="muted audience-none">Choose at least one. Until then nobody sees it.</p>
          )}
          {!options ? (
            <Spinner size={20} />
          ) : (
            <>
              {options.length >= FILTER_FROM && (
                <InputGroup
                  leftIcon="filter"
                  placeholder={`Find ${noun}`}
                  aria-label={`Find ${noun}`}
                  value={filter}
                  onValueChange={setFilter}
                  className="audience-filter"
                />
              )}
              <div className="audience-list" role="group" aria-label={`Specific ${noun}`}>
                {shown.map((o) => (
                  <Checkbox
                    key={String(o.id)}
                    checked={chosen.has(o.id)}
                    label={o.name}
                    onChange={() => toggle(o.id)}
                  />
                ))}
                {!shown.length && (
                  <p className="muted">
                    No {noun} match “{filter}”.
                  </p>
                )}
              </div>
            </>
          )}
        </div>
      )}
    </FormGroup>
  );
}
