/** The catalog entry form (ops): type, manufacturer, model and the fields of the type. */

import { Button, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import type { FormEvent } from 'react';
import { fieldProps } from '../../../lib/components/field-errors.ts';
import { FormActions } from '../../../lib/components/form-layout.tsx';
import { LeaveGuard } from '../../../lib/components/leave-guard.tsx';
import type { EquipmentType } from '../api/get-equipment-list.ts';
import type { EquipmentFields } from '../api/save-equipment.ts';
import {
  FLAG_FIELDS,
  FORM_FIELDS,
  NUMBER_FIELDS,
  type FormField,
  type useEquipmentForm,
} from '../hooks/use-equipment-form.ts';
import { FIELD_LABELS, TYPE_LABELS } from './equipment-columns.tsx';

export interface EquipmentFormProps {
  form: ReturnType<typeof useEquipmentForm>;
  onSave: (body: EquipmentFields) => Promise<unknown>;
  onCancel: () => void;
  saving: boolean;
  saved?: boolean;
  saveText: string;
}

const labelOf = (k: FormField) => {
  const f = FIELD_LABELS.find((x) => x.key === k)!;
  return f.unit ? `${f.label} (${f.unit})` : f.label;
};

export function EquipmentForm({ form, onSave, onCancel, saving, saved, saveText }: EquipmentFormProps) {
  const { values, set, touch, errors } = form;
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!(await form.submit(onSave))) {
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>('.equipment-form .bp6-intent-danger input')?.focus(),
      );
    }
  }
  const field = (k: FormField, required = false) => {
    const id = `equipment-${k}`;
    if ((FLAG_FIELDS as readonly string[]).includes(k)) {
      return (
        <FormGroup key={k} label={labelOf(k)} labelFor={id} {...fieldProps(errors, k)}>
          <HTMLSelect
            id={id}
            fill
            value={values[k]}
            onChange={(e) => set(k, e.currentTarget.value)}
            options={[
              { value: '', label: 'Not known' },
              { value: 'yes', label: 'Yes' },
              { value: 'no', label: 'No' },
            ]}
          />
        </FormGroup>
      );
    }
    const numeric = (NUMBER_FIELDS as readonly string[]).includes(k);
    return (
      <FormGroup
        key={k}
        label={labelOf(k)}
        labelFor={id}
        labelInfo={required ? '(required)' : undefined}
        {...fieldProps(errors, k)}
      >
        <InputGroup
          id={id}
          inputMode={numeric ? 'decimal' : undefined}
          value={values[k]}
          intent={errors[k] ? 'danger' : undefined}
          onValueChange={(v) => set(k, v)}
          onBlur={() => touch(k)}
        />
      </FormGroup>
    );
  };
  return (
    <form className="equipment-form" onSubmit={submit} noValidate>
      <LeaveGuard dirty={form.dirty && !saved} />
      <FormGroup label="Type" labelFor="equipment-type">
        <HTMLSelect
          id="equipment-type"
          fill
          value={values.type}
          onChange={(e) => set('type', e.currentTarget.value as EquipmentType)}
          options={Object.entries(TYPE_LABELS).map(([value, label]) => ({ value, label }))}
        />
      </FormGroup>
      <div className="equipment-form-grid">
        {field('manufacturer', true)}
        {field('model', true)}
        {FORM_FIELDS[values.type].map((k) => field(k))}
      </div>
      <FormActions>
        <Button type="submit" intent="primary" loading={saving} text={saveText} />
        <Button text="Cancel" onClick={onCancel} disabled={saving} />
      </FormActions>
    </form>
  );
}
