/**
 * Equipment from a catalog (`"ui:options": { catalog: heat_pumps | water_heaters }`): search by
 * manufacturer, model or AHRI number, pick a row (the field keeps the keys its schema names, `qualifies`
 * included), or 'Enter manually', which switches the form to its manual-entry branch.
 */

import { Button, Callout, Icon, InputGroup, Spinner, Tag } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client.ts';
import type { EquipmentPage } from '../../../engine/api/admin-responses.ts';
import { contextOf, type CatalogRow, type TaskFormContext } from '../form-context.ts';
import { propertiesOf, resolve, type Node } from '../messages.ts';

const MIN_CHARS = 2;
const DEBOUNCE_MS = 300;
/** The spec's empty-search wording (sect. 8). */
export const NO_MATCHES = "Sorry, we didn't find any matches.";

/** Forms name a catalog (`heat_pumps`); the equipment API a type (`heat_pump`). */
const CATALOG_TYPES: Record<string, string> = { heat_pumps: 'heat_pump', water_heaters: 'water_heater' };

/** The default search: `GET /api/equipment?type=&q=` (a list, or a page with `items`). */
export async function searchCatalog(catalog: string, q: string, programId?: string): Promise<CatalogRow[]> {
  const type = CATALOG_TYPES[catalog] ?? catalog;
  const r = await api<EquipmentPage>('GET', '/api/equipment', {
    query: { type, q, program_id: programId, per_page: 20 },
    ignoreErrors: [400, 404],
  });
  return r.items;
}

/** A catalog row as the field stores it: only the keys the selection's schema has, with their types. */
export function toSelection(row: CatalogRow, selection: Node, definitions: Node): Record<string, unknown> {
  const props = propertiesOf(selection, definitions);
  const aliases: Record<string, unknown[]> = {
    catalog_id: [row.catalog_id, row.id],
    ahri_number: [row.ahri_number, row.ahri_id, row.ahri],
    is_energy_star: [row.is_energy_star, row.energy_star],
  };
  const out: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(props)) {
    const s = resolve(raw, definitions);
    const value = (aliases[key] ?? [row[key]]).find((v) => v !== undefined && v !== null && v !== '');
    if (value === undefined) continue;
    if (s.type === 'string') out[key] = String(value);
    else if (s.type === 'number' || s.type === 'integer') {
      const n = Number(value);
      if (Number.isFinite(n)) out[key] = n;
    } else if (s.type === 'boolean') {
      if (typeof value === 'boolean') out[key] = value;
    } else out[key] = value;
  }
  return out;
}

/**
 * Where 'Enter manually' goes: `"ui:options": { manual: { field, value } }`, else the form's own switch
 * (a choice offering `manual`, or a yes/no named `*_not_found_in_search`).
 */
export function manualEntryTarget(options: Node, rootSchema: Node): { field: string; value: unknown } | null {
  const o = options.manual as { field?: string; value?: unknown } | undefined;
  if (o?.field) return { field: o.field, value: o.value ?? true };
  const definitions = (rootSchema.definitions as Node) ?? {};
  for (const [field, raw] of Object.entries(propertiesOf(rootSchema, definitions))) {
    const s = resolve(raw, definitions);
    if (Array.isArray(s.enum) && s.enum.includes('manual')) return { field, value: 'manual' };
    if (s.type === 'boolean' && /not_found_in_search$/.test(field)) return { field, value: true };
  }
  return null;
}

function SelectionCard({ item, onRemove }: { item: Record<string, unknown>; onRemove?: () => void }) {
  const title = [item.manufacturer, item.model].filter(Boolean).join(' ') || `Catalog entry ${String(item.catalog_id)}`;
  return (
    <div className={`rjsf-bp-catalog-pick${item.qualifies === false ? ' rjsf-bp-catalog-pick-no' : ''}`}>
      <Icon
        icon={item.qualifies === false ? 'warning-sign' : 'tick-circle'}
        intent={item.qualifies === false ? 'warning' : 'success'}
      />
      <div className="rjsf-bp-catalog-pick-text">
        <strong>{title}</strong>
        <div className="rjsf-bp-catalog-meta">
          {item.ahri_number !== undefined && <span>AHRI {String(item.ahri_number)}</span>}
          {item.gallons !== undefined && <span>{String(item.gallons)} gal</span>}
          {item.uef !== undefined && <span>UEF {String(item.uef)}</span>}
          {item.is_energy_star === true && (
            <Tag minimal intent="success">
              ENERGY STAR
            </Tag>
          )}
          {item.qualifies === false && (
            <Tag minimal intent="warning">
              Does not qualify
            </Tag>
          )}
        </div>
      </div>
      {onRemove && <Button variant="minimal" icon="cross" aria-label={`Remove ${title}`} onClick={onRemove} />}
    </div>
  );
}

function useSearch(ctx: TaskFormContext, catalog: string, q: string) {
  const [state, setState] = useState<{ q: string; rows?: CatalogRow[]; error?: string; loading: boolean }>({
    q: '',
    loading: false,
  });
  useEffect(() => {
    const text = q.trim();
    if (text.length < MIN_CHARS) return;
    let live = true;
    const t = setTimeout(() => {
      setState((s) => ({ ...s, loading: true }));
      (ctx.search_catalog ?? ((c: string, s: string) => searchCatalog(c, s, ctx.program_id)))(catalog, text)
        .then((rows) => live && setState({ q: text, rows, loading: false }))
        .catch(
          () => live && setState({ q: text, error: 'The catalog search is not available right now.', loading: false }),
        );
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [ctx, catalog, q]);
  return q.trim().length < MIN_CHARS ? { q: '', loading: false } : state;
}

export function EquipmentCatalogSearchWidget(p: WidgetProps) {
  const ctx = contextOf(p.registry);
  const root = p.registry.rootSchema as Node;
  const definitions = (root.definitions as Node) ?? {};
  const multiple = p.schema.type === 'array';
  const selectionSchema = resolve(multiple ? p.schema.items : p.schema, definitions);
  const max = typeof p.schema.maxItems === 'number' ? p.schema.maxItems : multiple ? Infinity : 1;
  const catalog = String(p.options.catalog ?? '');
  const picked: Record<string, unknown>[] = multiple
    ? Array.isArray(p.value)
      ? p.value
      : []
    : p.value && typeof p.value === 'object'
      ? [p.value]
      : [];
  const [q, setQ] = useState('');
  const result = useSearch(ctx, catalog, q);
  const editable = !p.readonly && !p.disabled;
  const manual = manualEntryTarget(p.options as Node, root);
  const set = (next: Record<string, unknown>[]) => p.onChange(multiple ? (next.length ? next : undefined) : next[0]);
  const pick = (row: CatalogRow) => {
    const sel = toSelection(row, selectionSchema, definitions);
    set(multiple ? [...picked.filter((x) => x.catalog_id !== sel.catalog_id), sel] : [sel]);
    setQ('');
  };
  const full = picked.length >= max && multiple;
  return (
    <div className="rjsf-bp-catalog">
      {picked.map((item, i) => (
        <SelectionCard
          key={String(item.catalog_id ?? i)}
          item={item}
          onRemove={editable ? () => set(picked.filter((_, k) => k !== i)) : undefined}
        />
      ))}
      {editable && !full && (
        <>
          <InputGroup
            id={p.id}
            type="search"
            leftIcon="search"
            placeholder={
              picked.length && !multiple ? 'Search to replace the selection' : 'Manufacturer, model or AHRI number'
            }
            value={q}
            onValueChange={setQ}
            rightElement={result.loading ? <Spinner size={16} className="rjsf-bp-catalog-spinner" /> : undefined}
            intent={p.rawErrors?.length ? 'danger' : 'none'}
            aria-describedby={`${p.id}__messages`}
          />
          {q.trim().length > 0 && q.trim().length < MIN_CHARS && (
            <div className="bp6-text-muted rjsf-bp-catalog-hint">Type at least {MIN_CHARS} characters.</div>
          )}
          {result.error && (
            <Callout intent="warning" compact>
              {result.error}
            </Callout>
          )}
          {result.rows && result.rows.length === 0 && (
            <div className="bp6-text-muted rjsf-bp-catalog-hint">{NO_MATCHES}</div>
          )}
          {result.rows && result.rows.length > 0 && (
            <ul className="rjsf-bp-catalog-results" aria-label="Catalog matches">
              {result.rows.slice(0, 20).map((row, i) => {
                const sel = toSelection(row, selectionSchema, definitions);
                return (
                  <li key={String(sel.catalog_id ?? i)}>
                    <button type="button" onClick={() => pick(row)}>
                      <strong>
                        {[sel.manufacturer, sel.model].filter(Boolean).join(' ') || String(sel.catalog_id)}
                      </strong>
                      <span className="rjsf-bp-catalog-meta">
                        {sel.ahri_number !== undefined && <span>AHRI {String(sel.ahri_number)}</span>}
                        {sel.is_energy_star === true && <span>ENERGY STAR</span>}
                        {sel.qualifies === false && <span className="rjsf-bp-warning-text">Does not qualify</span>}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
      {editable && manual && ctx.set_field && (
        <Button
          variant="minimal"
          size="small"
          icon="edit"
          className="rjsf-bp-catalog-manual"
          text="Not in the catalog? Enter manually"
          onClick={() => ctx.set_field!(manual.field, manual.value)}
        />
      )}
      {!editable && picked.length === 0 && <span className="bp6-text-muted">Nothing selected.</span>}
    </div>
  );
}
