/**
 * Federal reporting records (issue 44): for each measure a program reports (program.yaml `reporting.measures`) that
 * the job's rebate pays, a reservation once its budget is reserved and a redemption once it is paid, built from the
 * job itself (applicant, address, ids, dates, upgrade type, amounts, contractor, products) and the program's mapping
 * of its facts, then checked against the tracking tool's contracts (engine/api/tracking.ts). A record that does not
 * pass says what is missing, in the program's words where it gives them: it is not sent until it passes.
 */

import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { REDEMPTION_SCHEMA, RESERVATION_SCHEMA, BULK_FILE_SCHEMA } from './api/tracking.ts';
import { readFact, type Facts } from './facts.ts';
import type { IncentiveLine } from './results.ts';
import type { Program } from './types.ts';
import type { ReportingField, ReportingProducts } from './types-reporting.ts';

export type ReportKind = 'reservation' | 'redemption';

/** What a redemption misses until its reservation is accepted (it names the tool's id of it). */
export const RESERVATION_FIRST = 'the reservation is not accepted by the tracking tool yet';

/** What the job itself gives every record. */
export interface ReportJob {
  code: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone_number: string | null;
  address: string;
  city: string | null;
  county: string | null;
  state: string | null;
  zip: string | null;
  contractor: { id: number; name: string } | null;
  /** The rebate's lines (their measure ids and amounts). */
  lines: readonly IncentiveLine[];
  /** The day the job's budget was reserved (null: not reserved), and the day it was paid (null: not paid). */
  reserved_on: string | null;
  paid_on: string | null;
  /** The day the installation was completed (the final redemption's completion date). */
  completed_on: string | null;
  /** The tool's id of each measure's accepted reservation (a redemption names it). */
  reservation_ids: Record<string, string>;
}

export interface ReportRecord {
  measure: string;
  kind: ReportKind;
  /** The record as the tool takes it. */
  record: Record<string, unknown>;
  /** Why it does not pass the contract yet, in words (empty: ready to send). */
  missing: string[];
}

let checks: Record<ReportKind | 'bulk', ValidateFunction> | undefined;
/** The contracts, compiled once (amounts are checked to the cent with a tolerance for binary fractions). */
function contracts() {
  if (!checks) {
    const ajv = new Ajv({ allErrors: true, strict: false, multipleOfPrecision: 6 });
    checks = {
      reservation: ajv.compile(RESERVATION_SCHEMA),
      redemption: ajv.compile(REDEMPTION_SCHEMA),
      bulk: ajv.compile(BULK_FILE_SCHEMA),
    };
  }
  return checks;
}

/** Sets a value at a path, making the objects on the way. */
function put(into: Record<string, unknown>, path: string[], value: unknown) {
  let at = into;
  for (const key of path.slice(0, -1)) at = (at[key] ??= {}) as Record<string, unknown>;
  at[path[path.length - 1]] = value;
}

const dollars = (cents: number) => Math.round(cents) / 100;
const present = (v: unknown) => v !== null && v !== undefined && v !== '';

/** The fields' values over the facts (a field with no value is left out: the contract says it is missing). */
function apply(record: Record<string, unknown>, fields: readonly ReportingField[], facts: Facts) {
  for (const f of fields) {
    const v = f.rule.fn(facts);
    if (!present(v)) continue;
    put(record, f.path, f.dollars && typeof v === 'number' ? dollars(v) : v);
  }
}

/** The products a measure's redemption lists. */
function productsOf(p: ReportingProducts | undefined, facts: Facts): Record<string, unknown>[] {
  if (!p) return [];
  const one = (read: (source: string) => unknown) => {
    const out: Record<string, unknown> = {};
    for (const [field, source] of Object.entries(p.fields)) {
      const v = read(source);
      if (present(v)) out[field] = typeof v === 'number' ? String(v) : v;
    }
    return out;
  };
  if (!p.list) {
    const item = one((fact) => readFact(facts, fact));
    return Object.keys(item).length ? [item] : [];
  }
  const list = readFact(facts, p.list);
  return Array.isArray(list)
    ? list.map((item) =>
        one((key) => (item && typeof item === 'object' ? (item as Record<string, unknown>)[key] : undefined)),
      )
    : [];
}

/** "12B Elm Street" -> ["12B", "Elm Street"]; no leading number: [undefined, the whole]. */
function streetParts(address: string): [string | undefined, string] {
  const m = /^\s*(\d[0-9A-Za-z/-]*)\s+(.+)$/.exec(address);
  return m ? [m[1], m[2].trim()] : [undefined, address.trim()];
}

/** A name as the tool takes it (letters, spaces, hyphens and apostrophes), or left out. */
const personName = (s: string) => {
  const clean = s.normalize('NFKD').replace(/\p{M}/gu, '').trim();
  return /^[a-zA-Z\-\s']+$/.test(clean) ? clean : undefined;
};

/** The contract's complaints in words: a missing field by the program's words for it, else by its path. */
function missingWords(errors: readonly ErrorObject[] | null | undefined, words: Record<string, string>): string[] {
  const out = new Set<string>();
  for (const e of errors ?? []) {
    if (e.keyword === 'if' || e.keyword === 'oneOf') continue;
    const at = e.instancePath.slice(1).replace(/\//g, '.');
    const field =
      e.keyword === 'required'
        ? [at, (e.params as { missingProperty: string }).missingProperty].filter(Boolean).join('.')
        : at;
    const said = words[field] ?? words[field.split('.')[0]];
    if (said) out.add(said);
    else if (e.keyword === 'required') out.add(`${field}: not given`);
    else if (e.keyword === 'const' && e.params && 'allowedValue' in e.params)
      out.add(`${field}: must be ${JSON.stringify((e.params as { allowedValue: unknown }).allowedValue)}`);
    else if (e.keyword === 'false schema') out.add(`${field}: must not be given here`);
    else out.add(`${field}: ${e.message ?? 'not valid'}`);
  }
  return [...out];
}

/** The records a job calls for now, each with what it still misses. */
export function reportRecords(program: Program, facts: Facts, job: ReportJob): ReportRecord[] {
  const r = program.reporting;
  if (!r) return [];
  const out: ReportRecord[] = [];
  const [street_number, street] = streetParts(job.address);
  for (const [measure, m] of Object.entries(r.measures)) {
    const line = job.lines.find((l) => l.kind === 'measure' && l.id === measure && l.amount_cents > 0);
    if (!line) continue;
    const external = `${job.code}-${measure}`;
    if (job.reserved_on) {
      const record: Record<string, unknown> = {
        program: r.program,
        state: r.state,
        external_rebate_id: external,
        project_reservation_date: job.reserved_on,
        applicant: {
          ...(personName(job.first_name) ? { first_name: personName(job.first_name) } : {}),
          ...(personName(job.last_name) ? { last_name: personName(job.last_name) } : {}),
          email: job.email || 'NOT AVAILABLE',
          ...(job.phone_number ? { phone: job.phone_number.replace(/\D/g, '').slice(-10) } : {}),
        },
        address: {
          ...(street_number ? { street_number } : {}),
          street,
          ...(job.city ? { city: job.city } : {}),
          ...(job.county ? { county: job.county } : {}),
          ...(job.state ? { state: job.state } : {}),
          ...(job.zip ? { zip_code: job.zip.slice(0, 5) } : {}),
        },
        upgrade_type: m.upgrade_type,
        reservation_amount: dollars(line.amount_cents),
      };
      apply(record, r.reservation, facts);
      apply(record, m.reservation, facts);
      const ok = contracts().reservation(record);
      out.push({
        measure,
        kind: 'reservation',
        record,
        missing: ok ? [] : missingWords(contracts().reservation.errors, r.missing),
      });
    }
    if (job.paid_on) {
      const reservation_id = job.reservation_ids[measure];
      const record: Record<string, unknown> = {
        ...(reservation_id ? { reservation_id } : {}),
        upgrade_type: m.upgrade_type,
        ...(job.contractor
          ? {
              vendor_id: `V-${String(job.contractor.id).padStart(6, '0')}`,
              contractor_company_name: job.contractor.name.slice(0, 64),
              contractor_name: job.contractor.name.slice(0, 64),
            }
          : {}),
        rebate_deducted: dollars(line.amount_cents),
        // A measure's rebate is paid once, in full: its one redemption is its last.
        is_final_project_redemption: true,
        ...(job.completed_on ? { project_completion_date: job.completed_on } : {}),
        product_info: productsOf(m.products, facts),
      };
      apply(record, r.redemption, facts);
      apply(record, m.redemption, facts);
      const ok = contracts().redemption(record);
      const missing = ok ? [] : missingWords(contracts().redemption.errors, r.missing);
      if (!reservation_id)
        missing.splice(0, missing.length, RESERVATION_FIRST, ...missing.filter((x) => !x.startsWith('reservation_id')));
      out.push({ measure, kind: 'redemption', record, missing });
    }
  }
  return out;
}

/** A month's bulk file of records (those that pass), with the contract's complaints about the file itself. */
export function bulkFile(program: Program, month: string, records: { kind: ReportKind; record: unknown }[]) {
  const file = {
    state: program.reporting?.state,
    program: program.reporting?.program,
    reporting_month: month,
    records: records.map((x) =>
      x.kind === 'reservation'
        ? { record_type: 'RESERVATION', reservation: x.record }
        : { record_type: 'REDEMPTION', redemption: x.record },
    ),
  };
  const ok = contracts().bulk(file);
  return { file, errors: ok ? [] : missingWords(contracts().bulk.errors, {}) };
}
