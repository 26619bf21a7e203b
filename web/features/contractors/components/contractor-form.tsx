/**
 * The contractor form of the create page and the detail page's edit mode: name (required), primary
 * contact, email, phone, address, city, program and the equipment the company installs. Messages
 * show under each field; what was typed stays when a save fails.
 */

import { Button, FormGroup, HTMLSelect, InputGroup, TagInput } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { MESSAGES } from '../../../../engine/forms/messages.ts';
import { fieldProps } from '../../../lib/components/field-errors.ts';
import { FormActions, FormGrid } from '../../../lib/components/form-layout.tsx';
import { LeaveGuard } from '../../../lib/components/leave-guard.tsx';
import { useContractorFilters } from '../api/get-contractor-filters.ts';
import type { ContractorFields } from '../api/get-contractor.ts';
import type { useContractorForm } from '../hooks/use-contractor-form.ts';

const LABELS = {
  name: 'Company name',
  primary_contact: 'Primary contact',
  email: 'Email',
  phone: 'Phone',
  address: 'Address',
  city: 'City',
} as const;

const INPUT_TYPES: Partial<Record<keyof typeof LABELS, string>> = { email: 'email', phone: 'tel' };
const AUTOCOMPLETE: Record<keyof typeof LABELS, string> = {
  name: 'organization',
  primary_contact: 'name',
  email: 'email',
  phone: 'tel',
  address: 'street-address',
  city: 'address-level2',
};

export interface ContractorFormProps {
  form: ReturnType<typeof useContractorForm>;
  onSave: (body: ContractorFields) => Promise<unknown>;
  onCancel: () => void;
  saveText: string;
  /** While the save runs. */
  saving: boolean;
  /** True once saved: leaving no longer asks. */
  saved?: boolean;
}

export function ContractorForm({ form, onSave, onCancel, saveText, saving, saved }: ContractorFormProps) {
  const { values, set, touch, errors } = form;
  const programs = useContractorFilters();
  const [equipmentError, setEquipmentError] = useState<string>();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const ok = await form.submit(onSave);
    if (!ok) {
      // Bring the first message into view (a phone shows one field at a time).
      requestAnimationFrame(() =>
        document
          .querySelector<HTMLElement>(
            '.contractor-form .bp6-intent-danger input, .contractor-form .bp6-intent-danger select',
          )
          ?.focus(),
      );
    }
  }

  const text = (key: keyof typeof LABELS, required = false) => (
    <FormGroup
      key={key}
      label={LABELS[key]}
      labelFor={`contractor-${key}`}
      labelInfo={required ? '(required)' : undefined}
      {...fieldProps(errors, key)}
    >
      <InputGroup
        id={`contractor-${key}`}
        type={INPUT_TYPES[key] ?? 'text'}
        autoComplete={AUTOCOMPLETE[key]}
        value={values[key]}
        intent={errors[key] ? 'danger' : undefined}
        onValueChange={(v) => set(key, v)}
        onBlur={() => touch(key)}
      />
    </FormGroup>
  );

  return (
    <form className="contractor-form" onSubmit={submit} noValidate>
      <LeaveGuard dirty={form.dirty && !saved} />
      <FormGrid>
        {text('name', true)}
        {text('primary_contact')}
        {text('email')}
        {text('phone')}
        {text('address')}
        {text('city')}
        <FormGroup label="Program" labelFor="contractor-program" {...fieldProps(errors, 'program_id')}>
          <HTMLSelect
            id="contractor-program"
            fill
            value={values.program_id}
            onChange={(e) => set('program_id', e.currentTarget.value)}
            options={[
              { value: '', label: 'No program' },
              ...(programs.data?.programs ?? []).map((p) => ({ value: p.id, label: p.name })),
            ]}
          />
        </FormGroup>
        <FormGroup
          label="Equipment ids"
          labelFor="contractor-equipment"
          helperText={
            equipmentError ??
            errors.equipment_ids ??
            'Catalog ids of the equipment this company installs. Press Enter after each id.'
          }
          intent={equipmentError || errors.equipment_ids ? 'danger' : undefined}
        >
          <TagInput
            inputProps={{ id: 'contractor-equipment', inputMode: 'numeric' }}
            values={values.equipment_ids.map(String)}
            addOnBlur
            onAdd={(added) => {
              const ids = added.flatMap((s) => s.split(/[\s,]+/)).filter(Boolean);
              if (!ids.every((s) => /^\d+$/.test(s))) {
                setEquipmentError(MESSAGES.whole_number);
                return false;
              }
              setEquipmentError(undefined);
              set('equipment_ids', [...new Set([...values.equipment_ids, ...ids.map(Number)])]);
            }}
            onRemove={(_, i) =>
              set(
                'equipment_ids',
                values.equipment_ids.filter((_, j) => j !== i),
              )
            }
            onInputChange={() => setEquipmentError(undefined)}
            // Enter adds the typed id; it must not also submit the form.
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.target as HTMLInputElement).value) e.preventDefault();
            }}
            placeholder="e.g. 12"
          />
        </FormGroup>
      </FormGrid>
      <FormActions>
        <Button type="submit" intent="primary" loading={saving} text={saveText} />
        <Button text="Cancel" onClick={onCancel} disabled={saving} />
      </FormActions>
    </form>
  );
}
