/**
 * How a field and its value read to a person, from the form's schema and UI schema alone (labels,
 * option names, cents as dollars, uploads by name): for the stale-save comparison and read-only views.
 */

import { propertiesOf, resolve, type Node } from './messages.ts';

/** 'heat_pump_water_heater' -> 'Heat pump water heater'. */
export function humanize(key: string): string {
  const s = key.replace(/_/g, ' ').trim();
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Integer cents as dollars: 123456 -> '$1,234.56'. */
export function dollars(cents: number): string {
  return (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}

/** A top-level field's schema and UI schema. */
export function fieldOf(schema: Node, uiSchema: Node | undefined, field: string): { schema: Node; ui: Node } {
  const definitions = (schema.definitions as Node) ?? {};
  return {
    schema: resolve(propertiesOf(schema, definitions)[field], definitions),
    ui: (uiSchema?.[field] as Node) ?? {},
  };
}

/** The label of a top-level field. */
export function fieldLabel(schema: Node, uiSchema: Node | undefined, field: string): string {
  const f = fieldOf(schema, uiSchema, field);
  return (f.ui['ui:title'] as string) ?? (f.schema.title as string) ?? humanize(field);
}

const isAttachment = (v: unknown): v is { id: string; name?: string } =>
  !!v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string' && !('catalog_id' in v);

function optionLabel(s: Node, ui: Node, v: unknown): string {
  const options = (s.enum as unknown[]) ?? [];
  const names = (ui['ui:enumNames'] as string[]) ?? [];
  const i = options.indexOf(v);
  return i >= 0 && names[i] ? names[i] : typeof v === 'string' ? humanize(v) : String(v);
}

/** A value as text. */
export function formatValue(s: Node, ui: Node, value: unknown, definitions: Node = {}): string {
  if (value === undefined || value === null || value === '') return '—';
  if (ui['ui:widget'] === 'currency' && typeof value === 'number') {
    return (ui['ui:options'] as Node | undefined)?.unit === 'dollars' ? dollars(value * 100) : dollars(value);
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (isAttachment(value)) return value.name ?? 'Uploaded file';
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    const items = resolve(s.items, definitions);
    const itemUi = { ...((ui.items as Node) ?? {}), 'ui:enumNames': ui['ui:enumNames'] };
    return value.map((v) => formatValue(items, itemUi, v, definitions)).join(', ');
  }
  if (typeof value === 'object') {
    const o = value as Node;
    if ('catalog_id' in o)
      return [o.manufacturer, o.model].filter(Boolean).join(' ') || `Catalog entry ${String(o.catalog_id)}`;
    const props = propertiesOf(s, definitions);
    return Object.entries(o)
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .map(
        ([k, v]) =>
          `${(props[k] as Node | undefined)?.title ?? humanize(k)}: ${formatValue(resolve(props[k], definitions), (ui[k] as Node) ?? {}, v, definitions)}`,
      )
      .join('; ');
  }
  if (s.enum) return optionLabel(s, ui, value);
  return String(value);
}

/** A top-level field's value as text. */
export function formatField(schema: Node, uiSchema: Node | undefined, field: string, value: unknown): string {
  const f = fieldOf(schema, uiSchema, field);
  return formatValue(f.schema, f.ui, value, (schema.definitions as Node) ?? {});
}

/** The fields whose values differ between two answers, in the form's order. */
export function changedFields(uiSchema: Node | undefined, a: Node, b: Node): string[] {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  const same = (x: unknown, y: unknown) =>
    JSON.stringify(x ?? null) === JSON.stringify(y ?? null) || ((x === '' || x == null) && (y === '' || y == null));
  const diff = [...keys].filter((k) => !same(a[k], b[k]));
  const order = (uiSchema?.['ui:order'] as string[] | undefined) ?? [];
  const rank = (k: string) => (order.includes(k) ? order.indexOf(k) : order.length);
  return diff.sort((x, y) => rank(x) - rank(y));
}
