/**
 * The contractor form: its values, the client-side checks with the spec's messages (required,
 * 50 characters, email, phone) and the request body.
 */

import { PHONE_PATTERN, PRODUCT_CONSTANTS } from '../../../../engine/constants.ts';
import { MESSAGES } from '../../../../engine/forms/messages.ts';
import type { FieldErrors } from '../../../lib/components/field-errors.ts';
import { useFormState } from '../../../lib/components/use-form-state.ts';
import type { Contractor, ContractorFields } from '../api/get-contractor.ts';

/** The form's text fields, in display order. */
export const TEXT_FIELDS = ['name', 'primary_contact', 'email', 'phone', 'address', 'city'] as const;
type TextField = (typeof TEXT_FIELDS)[number];

export type ContractorFormValues = Record<TextField, string> & { program_id: string; equipment_ids: number[] };

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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

/** The client-side messages of the values. */
export function validate(v: ContractorFormValues): FieldErrors {
  const e: FieldErrors = {};
  const max = PRODUCT_CONSTANTS.name_max_chars;
  if (!v.name.trim()) e.name = MESSAGES.required;
  else if (v.name.trim().length > max) e.name = MESSAGES.max_length_50;
  if (v.primary_contact.trim().length > max) e.primary_contact = MESSAGES.max_length_50;
  if (v.email.trim() && !EMAIL_PATTERN.test(v.email.trim())) e.email = MESSAGES.email;
  if (v.phone.trim() && !PHONE_PATTERN.test(v.phone.trim())) e.phone = MESSAGES.phone;
  return e;
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
