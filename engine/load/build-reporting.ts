/**
 * A program's federal reporting (program.yaml `reporting:`, issue 44), checked and compiled while the program is built:
 * every field it fills is a field of the tracking tool's record (engine/api/tracking.ts) the program may fill (the
 * portal fills the job's own: applicant, address, ids, dates, upgrade type, amounts, contractor), every measure is one
 * of the program's incentives, and every rule reads facts the program has. The meta-schema has checked the shape.
 */

import { REDEMPTION_SCHEMA, RESERVATION_SCHEMA } from '../api/tracking.ts';
import type { Logic } from '../logic/walk.ts';
import type { ReportingDef, ReportingField, ReportingProducts } from '../types-reporting.ts';
import type { DocumentTools } from './build-documents.ts';
import type { IncentiveTools } from './build-incentives.ts';
import { closest } from './suggest.ts';
import type { ParsedFile } from './yaml-source.ts';

type Raw = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Node = { type?: unknown; properties?: Record<string, Node>; items?: Node; multipleOf?: number };
type Path = (string | number)[];

/** What the portal fills itself in every record: the program may not set these. */
export const PORTAL_FIELDS = {
  reservation: [
    'program',
    'state',
    'external_rebate_id',
    'project_reservation_date',
    'applicant',
    'address',
    'upgrade_type',
    'reservation_amount',
  ],
  redemption: [
    'reservation_id',
    'upgrade_type',
    'vendor_id',
    'contractor_company_name',
    'contractor_name',
    'rebate_deducted',
    'product_info',
    'is_final_project_redemption',
    'project_completion_date',
  ],
} as const;

const CONTRACTS = { reservation: RESERVATION_SCHEMA, redemption: REDEMPTION_SCHEMA } as const;
const PRODUCT_FIELDS = Object.keys(
  (REDEMPTION_SCHEMA.properties.product_info.items as unknown as Node).properties ?? {},
);

/** The contract's schema at a dotted path, or the names that could have been meant. */
function fieldAt(kind: keyof typeof CONTRACTS, dotted: string): { node: Node } | { names: string[] } {
  let node = CONTRACTS[kind] as unknown as Node;
  for (const part of dotted.split('.')) {
    const next = node.properties?.[part];
    if (!next) return { names: Object.keys(node.properties ?? {}) };
    node = next;
  }
  return { node };
}

export function buildReporting(
  raw: Raw,
  parsed: ParsedFile,
  t: Pick<DocumentTools, 'diag' | 'rule'> & Pick<IncentiveTools, 'checkFact'>,
): ReportingDef | undefined {
  const r = raw.reporting as Raw | undefined;
  if (!r) return undefined;
  const { diag, rule, checkFact } = t;
  const measureIds = Object.keys((raw.incentives?.measures as Raw | undefined) ?? {});

  const fields = (kind: keyof typeof CONTRACTS, given: Raw | undefined, at: Path): ReportingField[] =>
    Object.entries(given ?? {}).flatMap(([dotted, logic]) => {
      const where = [...at, dotted];
      const top = dotted.split('.')[0];
      if ((PORTAL_FIELDS[kind] as readonly string[]).includes(top)) {
        diag(
          'reporting-portal-field',
          `reporting ${kind} sets '${dotted}', which the portal fills from the job itself (${PORTAL_FIELDS[kind].join(', ')})`,
          where,
          'error',
          true,
        );
        return [];
      }
      const found = fieldAt(kind, dotted);
      if ('names' in found) {
        const hint = closest(dotted.split('.').pop()!, found.names);
        diag(
          'reporting-unknown-field',
          `reporting ${kind} sets '${dotted}', which the tracking tool's ${kind} record has not` +
            (hint ? ` (did you mean '${hint}'?)` : ''),
          where,
          'error',
          true,
        );
        return [];
      }
      const compiled = rule(
        `reporting.${kind}.${dotted}`,
        logic as Logic,
        where,
        parsed,
        `reporting ${kind} ${dotted}`,
      );
      return [{ path: dotted.split('.'), rule: compiled, dollars: found.node.multipleOf === 0.01 }];
    });

  const products = (p: Raw | undefined, at: Path): ReportingProducts | undefined => {
    if (!p) return undefined;
    const list = p.list as string | undefined;
    if (list) checkFact(list, [...at, 'list'], parsed, 'reporting products list');
    const out: Record<string, string> = {};
    for (const [field, source] of Object.entries((p.fields ?? {}) as Record<string, string>)) {
      if (!PRODUCT_FIELDS.includes(field)) {
        const hint = closest(field, PRODUCT_FIELDS);
        diag(
          'reporting-unknown-field',
          `reporting products set '${field}', which a product of the tracking tool has not` +
            (hint ? ` (did you mean '${hint}'?)` : ''),
          [...at, 'fields', field],
          'error',
          true,
        );
        continue;
      }
      // A list item's key: checked as the first item's part (the schema's items).
      checkFact(list ? `${list}.0.${source}` : source, [...at, 'fields', field], parsed, `reporting products ${field}`);
      out[field] = source;
    }
    return { ...(list ? { list } : {}), fields: out };
  };

  const measures: ReportingDef['measures'] = {};
  for (const [id, m] of Object.entries((r.measures ?? {}) as Record<string, Raw>)) {
    const at = ['reporting', 'measures', id];
    if (!measureIds.includes(id)) {
      const hint = closest(id, measureIds);
      diag(
        'reporting-unknown-measure',
        `reporting names measure '${id}', which the program's incentives do not have` +
          (hint ? ` (did you mean '${hint}'?)` : ''),
        at,
        'error',
        true,
      );
      continue;
    }
    const prods = products(m.products as Raw | undefined, [...at, 'products']);
    measures[id] = {
      upgrade_type: String(m.upgrade_type),
      reservation: fields('reservation', m.reservation as Raw, [...at, 'reservation']),
      redemption: fields('redemption', m.redemption as Raw, [...at, 'redemption']),
      ...(prods ? { products: prods } : {}),
    };
  }
  const missing = (r.missing ?? {}) as Record<string, string>;
  for (const dotted of Object.keys(missing)) {
    if (!('node' in fieldAt('reservation', dotted)) && !('node' in fieldAt('redemption', dotted)))
      diag(
        'reporting-unknown-field',
        `reporting missing names '${dotted}', which no record of the tracking tool has`,
        ['reporting', 'missing', dotted],
        'error',
        true,
      );
  }
  return {
    program: String(r.program),
    state: String(r.state),
    mode: r.mode === 'monthly' ? 'monthly' : 'real_time',
    reservation: fields('reservation', r.reservation as Raw, ['reporting', 'reservation']),
    redemption: fields('redemption', r.redemption as Raw, ['reporting', 'redemption']),
    measures,
    missing,
    source: parsed.locate(['reporting']),
  };
}
