/** The energy provider form (ops): name, type, states served, preferred vendor and notes. */

import { Button, FormGroup, HTMLSelect, InputGroup, SegmentedControl, TagInput, TextArea } from '@blueprintjs/core';
import type { FormEvent, ReactNode } from 'react';
import { fieldProps } from '../../../lib/components/field-errors.ts';
import { FormActions, FormGrid } from '../../../lib/components/form-layout.tsx';
import { LeaveGuard } from '../../../lib/components/leave-guard.tsx';
import type { ProviderFields } from '../api/get-provider.ts';
import { useVendorOptions } from '../api/get-vendor-options.ts';
import type { useProviderForm } from '../hooks/use-provider-form.ts';
import { PROVIDER_TYPES } from './provider-text.ts';

export interface ProviderFormProps {
  form: ReturnType<typeof useProviderForm>;
  onSave: (body: ProviderFields) => Promise<unknown>;
  onCancel: () => void;
  saveText: string;
  saving: boolean;
  saved?: boolean;
  extraActions?: ReactNode;
}

export function ProviderForm({ form, onSave, onCancel, saveText, saving, saved, extraActions }: ProviderFormProps) {
  const { values, set, touch, errors } = form;
  const vendors = useVendorOptions();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!(await form.submit(onSave))) {
      requestAnimationFrame(() =>
        document
          .querySelector<HTMLElement>(
            '.provider-form .bp6-intent-danger input, .provider-form .bp6-intent-danger select',
          )
          ?.focus(),
      );
    }
  }

  return (
    <form className="provider-form" onSubmit={submit} noValidate>
      <LeaveGuard dirty={form.dirty && !saved} />
      <FormGrid>
        <FormGroup label="Name" labelFor="provider-name" labelInfo="(required)" {...fieldProps(errors, 'name')}>
          <InputGroup
            id="provider-name"
            value={values.name}
            intent={errors.name ? 'danger' : undefined}
            onValueChange={(v) => set('name', v)}
            onBlur={() => touch('name')}
          />
        </FormGroup>
        <FormGroup label="Type" {...fieldProps(errors, 'type')}>
          <SegmentedControl
            aria-label="Type"
            options={PROVIDER_TYPES}
            value={values.type}
            onValueChange={(v) => set('type', v as ProviderFields['type'])}
          />
        </FormGroup>
        <FormGroup
          label="States served"
          labelFor="provider-states"
          helperText={errors.states ?? 'Two-letter codes; press Enter after each.'}
          intent={errors.states ? 'danger' : undefined}
        >
          <TagInput
            inputProps={{ id: 'provider-states', autoCapitalize: 'characters', maxLength: 2 }}
            values={values.states}
            addOnBlur
            intent={errors.states ? 'danger' : undefined}
            onAdd={(added) =>
              set('states', [
                ...new Set([
                  ...values.states,
                  ...added
                    .flatMap((s) => s.split(/[\s,]+/))
                    .filter(Boolean)
                    .map((s) => s.toUpperCase()),
                ]),
              ])
            }
            onRemove={(_, i) =>
              set(
                'states',
                values.states.filter((_, j) => j !== i),
              )
            }
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.target as HTMLInputElement).value) e.preventDefault();
            }}
            placeholder="e.g. WI"
          />
        </FormGroup>
        <FormGroup label="Preferred vendor" labelFor="provider-vendor" {...fieldProps(errors, 'preferred_vendor_id')}>
          <HTMLSelect
            id="provider-vendor"
            fill
            value={values.preferred_vendor_id}
            onChange={(e) => set('preferred_vendor_id', e.currentTarget.value)}
            options={[
              { value: '', label: 'No preferred vendor' },
              ...(vendors.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
            ]}
          />
        </FormGroup>
        <FormGroup className="form-grid-wide" label="Notes" labelFor="provider-notes" {...fieldProps(errors, 'notes')}>
          <TextArea
            id="provider-notes"
            fill
            autoResize
            rows={3}
            value={values.notes}
            onChange={(e) => set('notes', e.currentTarget.value)}
          />
        </FormGroup>
      </FormGrid>
      <FormActions>
        <Button type="submit" intent="primary" loading={saving} text={saveText} />
        <Button text="Cancel" onClick={onCancel} disabled={saving} />
        {extraActions}
      </FormActions>
    </form>
  );
}
