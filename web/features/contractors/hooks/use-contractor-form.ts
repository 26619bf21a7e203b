/**
 * The contractor form: its values, its checks (the create call's schema, with the spec's messages) and
 * the request body.
 */

import { requestErrors } from '../../../lib/request-validation.ts';
import type { FieldErrors } from '../../../lib/components/field-errors.ts';
import { useFormState } from '../../../lib/components/use-form-state.ts';
import type { Contractor, ContractorFields } from '../api/get-contractor.ts';

/** The form's text fields, in display order. */
export const TEXT_FIELDS = ['name', 'primary_contact', 'email', 'phone', 'address', 'city'] as const;
type TextField = (typeof TEXT_FIELDS)[number];

export type ContractorFormValues = Record<TextField, string> & { program_id: string; equipment_ids: number[] };

export function initialValues(c?: Contractor): ContractorFormValues {
  return {
    name: c?.name ?? '',
    primary_contact: c?.primary_contact ?? '',
    email: c?.email ?? '',
    phone: c?.phone ?? '',
    address: c?.address ?? '',
    city: c?.city ?? '',
    program_id: c?.program_id ?? '',
    equipment_ids: c?.equipment_ids ?? [],
  };
}

/** The messages of the values: the body checked with the create call's schema (the server's checks and words). */
export function validate(v: ContractorFormValues): FieldErrors {
  return requestErrors('contractor_create', toBody(v));
}

/** The request body: trimmed, empty text as null. */
export function toBody(v: ContractorFormValues): ContractorFields {
  const text = (s: string) => (s.trim() ? s.trim() : null);
  return {
    name: v.name.trim(),
    primary_contact: text(v.primary_contact),
    email: text(v.email),
    phone: text(v.phone),
    address: text(v.address),
    city: text(v.city),
    program_id: v.program_id || null,
    equipment_ids: v.equipment_ids,
  };
}

/** The contractor form's state. */
export function useContractorForm(initial: ContractorFormValues) {
  return useFormState(initial, validate, toBody);
}
