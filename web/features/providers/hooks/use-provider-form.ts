/** The energy provider form: values, checks (the spec's messages; ours for state codes) and the body. */

import type { FieldErrors } from '../../../lib/components/field-errors.ts';
import { requestErrors } from '../../../lib/request-validation.ts';
import { useFormState } from '../../../lib/components/use-form-state.ts';
import type { Provider, ProviderFields } from '../api/get-provider.ts';

/** Our message where the spec has none. */
export const PROVIDER_MESSAGES = { state: 'Please enter two-letter state codes, e.g. WI' } as const;
export const STATE_CODE = /^[A-Z]{2}$/;

export interface ProviderFormValues {
  name: string;
  type: ProviderFields['type'];
  states: string[];
  preferred_vendor_id: string;
  notes: string;
}

export function initialValues(p?: Provider): ProviderFormValues {
  return {
    name: p?.name ?? '',
    type: p?.type ?? 'electric',
    states: p?.states ?? [],
    preferred_vendor_id: p?.preferred_vendor_id ? String(p.preferred_vendor_id) : '',
    notes: p?.notes ?? '',
  };
}

export function validate(v: ProviderFormValues): FieldErrors {
  // The body checked with the call's schema (the server's checks and words); a bad state code in our words, on the
  // field.
  const e = requestErrors('provider', toBody(v));
  for (const k of Object.keys(e)) if (k.startsWith('states.')) delete e[k];
  if (!v.states.every((s) => STATE_CODE.test(s))) e.states = PROVIDER_MESSAGES.state;
  return e;
}

export function toBody(v: ProviderFormValues): ProviderFields {
  return {
    name: v.name.trim(),
    type: v.type,
    states: v.states,
    preferred_vendor_id: v.preferred_vendor_id ? Number(v.preferred_vendor_id) : null,
    notes: v.notes.trim() || null,
  };
}

/** The provider form's state. */
export function useProviderForm(initial: ProviderFormValues) {
  return useFormState(initial, validate, toBody);
}
