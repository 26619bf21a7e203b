/**
 * The catalog entry form (ops): which fields each type asks for, values as typed (numbers as text
 * until saved), the checks with the spec's messages, and the body, which keeps fields the type
 * does not show.
 */

import { requestErrors } from '../../../lib/request-validation.ts';
import type { FieldErrors } from '../../../lib/components/field-errors.ts';
import { useFormState } from '../../../lib/components/use-form-state.ts';
import type { Equipment, EquipmentType } from '../api/get-equipment-list.ts';
import type { EquipmentFields } from '../api/save-equipment.ts';

export const NUMBER_FIELDS = [
  'seer',
  'seer2',
  'hspf',
  'hspf2',
  'cop',
  'afue',
  'uef',
  'capacity',
  'capacity_5f',
  'tonnage',
  'gallons',
] as const;
export const TEXT_FIELDS = [
  'manufacturer',
  'model',
  'ahri_id',
  'indoor_unit_manufacturer',
  'indoor_unit_model',
  'furnace_model',
  'zone_type',
  'duct_type',
] as const;
export const FLAG_FIELDS = ['neep', 'energy_star'] as const;
type NumberField = (typeof NUMBER_FIELDS)[number];
type TextField = (typeof TEXT_FIELDS)[number];
type FlagField = (typeof FLAG_FIELDS)[number];
export type FormField = NumberField | TextField | FlagField;

/** The fields each type's form shows after manufacturer and model. */
export const FORM_FIELDS: Record<EquipmentType, FormField[]> = {
  heat_pump: [
    'ahri_id',
    'indoor_unit_manufacturer',
    'indoor_unit_model',
    'seer',
    'seer2',
    'hspf',
    'hspf2',
    'capacity',
    'capacity_5f',
    'tonnage',
    'zone_type',
    'duct_type',
    'furnace_model',
    'neep',
    'energy_star',
  ],
  water_heater: ['ahri_id', 'uef', 'gallons', 'energy_star'],
  other: [
    'ahri_id',
    'afue',
    'cop',
    'seer',
    'hspf',
    'capacity',
    'furnace_model',
    'zone_type',
    'duct_type',
    'energy_star',
  ],
};

/** Flags as a select: '' unknown, 'yes', 'no'. */
export type EquipmentFormValues = { type: EquipmentType } & Record<TextField | NumberField | FlagField, string>;

const NUMBER = /^\d+(\.\d+)?$/;

export function initialValues(type: EquipmentType, e?: Equipment): EquipmentFormValues {
  const v = { type: e?.type ?? type } as EquipmentFormValues;
  for (const k of TEXT_FIELDS) v[k] = (e?.[k] as string | null) ?? '';
  for (const k of NUMBER_FIELDS) v[k] = e?.[k] === null || e?.[k] === undefined ? '' : String(e[k]);
  for (const k of FLAG_FIELDS) v[k] = e?.[k] === true ? 'yes' : e?.[k] === false ? 'no' : '';
  return v;
}

/** The body checked with the call's schema (the server's checks and words): text that is not a number stays text, and
 * is refused. */
export function validate(v: EquipmentFormValues): FieldErrors {
  return requestErrors('equipment', toBody(v));
}

export function toBody(v: EquipmentFormValues): EquipmentFields {
  const body = { type: v.type } as Record<string, unknown>;
  for (const k of TEXT_FIELDS) body[k] = v[k].trim() || null;
  for (const k of NUMBER_FIELDS) body[k] = !v[k].trim() ? null : NUMBER.test(v[k].trim()) ? Number(v[k]) : v[k].trim();
  for (const k of FLAG_FIELDS) body[k] = v[k] === 'yes' ? true : v[k] === 'no' ? false : null;
  body.manufacturer = v.manufacturer.trim();
  body.model = v.model.trim();
  return body as unknown as EquipmentFields;
}

/** The form's state. */
export function useEquipmentForm(initial: EquipmentFormValues) {
  return useFormState(initial, validate, toBody);
}
