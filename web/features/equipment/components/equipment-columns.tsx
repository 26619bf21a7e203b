/** Which catalog fields each equipment type shows (spec sect. 3 "Equipment"), and how values read. */

import { Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { Column } from '../../../lib/components/data-table.tsx';
import type { Equipment, EquipmentType } from '../api/get-equipment-list.ts';

/** The catalog types in words. */
export const TYPE_LABELS: Record<EquipmentType, string> = {
  heat_pump: 'Heat pump',
  water_heater: 'Water heater',
  other: 'Other',
};

/** Every field of an entry with its label and unit, in the order the detail drawer lists them. */
export const FIELD_LABELS: { key: keyof Equipment; label: string; unit?: string }[] = [
  { key: 'manufacturer', label: 'Manufacturer' },
  { key: 'model', label: 'Model' },
  { key: 'ahri_id', label: 'AHRI id' },
  { key: 'indoor_unit_manufacturer', label: 'Indoor unit manufacturer' },
  { key: 'indoor_unit_model', label: 'Indoor unit model' },
  { key: 'furnace_model', label: 'Furnace model' },
  { key: 'seer', label: 'SEER' },
  { key: 'seer2', label: 'SEER2' },
  { key: 'hspf', label: 'HSPF' },
  { key: 'hspf2', label: 'HSPF2' },
  { key: 'cop', label: 'COP' },
  { key: 'afue', label: 'AFUE', unit: '%' },
  { key: 'uef', label: 'UEF' },
  { key: 'capacity', label: 'Capacity', unit: 'Btu/h' },
  { key: 'capacity_5f', label: 'Capacity at 5°F', unit: 'Btu/h' },
  { key: 'tonnage', label: 'Tonnage', unit: 'tons' },
  { key: 'gallons', label: 'Gallons', unit: 'gal' },
  { key: 'zone_type', label: 'Zone type' },
  { key: 'duct_type', label: 'Duct type' },
  { key: 'neep', label: 'NEEP listed' },
  { key: 'energy_star', label: 'Energy Star' },
];

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A value as it reads in a cell: numbers grouped, flags as Yes / No, words without underscores. */
export function showValue(value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return number.format(value);
  return String(value).replace(/_/g, ' ');
}

function flag(value: boolean | null): ReactNode {
  if (value === null || value === undefined) return null;
  return value ? (
    <Tag minimal intent="success" icon="tick">
      Yes
    </Tag>
  ) : (
    <span className="muted">No</span>
  );
}

const col = (key: keyof Equipment, label: string, numeric = false): Column<Equipment> => ({
  key,
  label,
  numeric,
  nowrap: numeric,
  render: (e) => showValue(e[key]),
});

const MAKE_MODEL: Column<Equipment>[] = [
  { key: 'manufacturer', label: 'Manufacturer', nowrap: true, render: (e) => e.manufacturer },
  {
    key: 'model',
    label: 'Model',
    className: 'equipment-model',
    render: (e) => <span className="equipment-code">{e.model}</span>,
  },
];

const ENERGY_STAR: Column<Equipment> = {
  key: 'energy_star',
  label: 'Energy Star',
  nowrap: true,
  render: (e) => flag(e.energy_star),
};

/** The table's columns per type. */
export const COLUMNS: Record<EquipmentType, Column<Equipment>[]> = {
  heat_pump: [
    ...MAKE_MODEL,
    {
      key: 'ahri_id',
      label: 'AHRI',
      nowrap: true,
      render: (e) => e.ahri_id && <span className="equipment-code">{e.ahri_id}</span>,
    },
    col('seer2', 'SEER2', true),
    col('hspf2', 'HSPF2', true),
    col('capacity', 'Capacity (Btu/h)', true),
    col('capacity_5f', 'Capacity at 5°F', true),
    col('tonnage', 'Tons', true),
    { key: 'neep', label: 'NEEP', nowrap: true, render: (e) => flag(e.neep) },
    ENERGY_STAR,
  ],
  water_heater: [
    ...MAKE_MODEL,
    {
      key: 'ahri_id',
      label: 'AHRI',
      nowrap: true,
      render: (e) => e.ahri_id && <span className="equipment-code">{e.ahri_id}</span>,
    },
    col('uef', 'UEF', true),
    col('gallons', 'Gallons', true),
    ENERGY_STAR,
  ],
  other: [
    ...MAKE_MODEL,
    {
      key: 'ahri_id',
      label: 'AHRI',
      nowrap: true,
      render: (e) => e.ahri_id && <span className="equipment-code">{e.ahri_id}</span>,
    },
    col('afue', 'AFUE (%)', true),
    col('cop', 'COP', true),
    col('seer', 'SEER', true),
    col('hspf', 'HSPF', true),
    { key: 'furnace_model', label: 'Furnace model', render: (e) => e.furnace_model },
    ENERGY_STAR,
  ],
};
