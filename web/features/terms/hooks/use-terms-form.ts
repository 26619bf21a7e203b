/**
 * The terms editor: title, description, and sections with items, each with a stable key so a moved
 * or removed row keeps what was typed in the others. Saving sends the lists in their shown order.
 */

import type { FieldErrors } from '../../../lib/components/field-errors.ts';
import { requestErrors } from '../../../lib/request-validation.ts';
import { useFormState } from '../../../lib/components/use-form-state.ts';
import type { TermsFields, TermsVersion } from '../api/get-terms-version.ts';

export interface ItemDraft {
  key: number;
  text: string;
}
export interface SectionDraft {
  key: number;
  title: string;
  items: ItemDraft[];
}
export interface TermsFormValues {
  title: string;
  description: string;
  sections: SectionDraft[];
}

/** Our message where the spec has none. */
export const TERMS_MESSAGES = { no_sections: 'Please add at least one section' } as const;

let nextKey = 1;
/** A fresh key for a new row. */
export const newKey = () => nextKey++;

export function initialValues(v?: TermsVersion): TermsFormValues {
  return {
    title: v?.title ?? '',
    description: v?.description ?? '',
    sections: (v?.sections ?? []).map((s) => ({
      key: newKey(),
      title: s.title,
      items: s.items.map((text) => ({ key: newKey(), text })),
    })),
  };
}

export function validate(v: TermsFormValues): FieldErrors {
  // The body checked with the call's schema (the server's checks and words), then what only this form asks.
  const e = requestErrors('terms', toBody(v));
  if (!v.sections.length) e.sections ??= TERMS_MESSAGES.no_sections;
  return e;
}

export function toBody(v: TermsFormValues): TermsFields {
  return {
    title: v.title.trim(),
    description: v.description.trim(),
    sections: v.sections.map((s) => ({ title: s.title.trim(), items: s.items.map((i) => i.text.trim()) })),
  };
}

/** The editor's state. */
export function useTermsForm(initial: TermsFormValues) {
  return useFormState(initial, validate, toBody);
}

/** Moves an element of a list one place up (-1) or down (+1). */
export function move<T>(list: T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}
