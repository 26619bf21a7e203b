/**
 * The simulated tracking tool's records: the contracts of engine/api/tracking.ts checked with ajv (errors as
 * {path, message}), and the in-memory reservations and redemptions with the tool's rules between them: one active
 * reservation per address and upgrade, redemptions only against an active reservation of the same upgrade and within
 * its reserved amount, a final redemption completing the reservation, a cancellation freeing the address. Amounts are
 * kept in whole cents, so sums never drift.
 */

import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import {
  BULK_FILE_SCHEMA,
  REDEMPTION_RECORD_SCHEMA,
  REDEMPTION_SCHEMA,
  RESERVATION_RECORD_SCHEMA,
  RESERVATION_SCHEMA,
  type Redemption,
  type Reservation,
} from '../../engine/api/tracking.ts';

/** One reason a record is refused: a JSON pointer into what was sent ('' for the whole) and what is wrong there. */
export interface RecordError {
  path: string;
  message: string;
}

/** Records kept at most, reservations and redemptions together; past it new ones are refused. */
export const MAX_RECORDS = 50_000;

// Unknown keywords are errors (a typo in a contract fails here, not silently); conditions may require fields their
// `then` does not declare. Cents are checked with a tolerance for binary fractions (0.07 / 0.01 is not an integer).
const ajv = new Ajv({
  allErrors: true,
  strictSchema: true,
  strictNumbers: true,
  strictTypes: false,
  strictTuples: false,
  strictRequired: false,
  multipleOfPrecision: 6,
});
const reservationCheck = ajv.compile(RESERVATION_SCHEMA);
const redemptionCheck = ajv.compile(REDEMPTION_SCHEMA);
const reservationRecordCheck = ajv.compile(RESERVATION_RECORD_SCHEMA);
const redemptionRecordCheck = ajv.compile(REDEMPTION_RECORD_SCHEMA);
/** A bulk file without its records, which are checked one by one (one bad record does not refuse the others). */
const bulkEnvelopeCheck = ajv.compile({
  ...BULK_FILE_SCHEMA,
  properties: { ...BULK_FILE_SCHEMA.properties, records: { type: 'array', minItems: 1 } },
});

/** A property name as a JSON pointer segment. */
const segment = (name: unknown) => `/${String(name).replaceAll('~', '~0').replaceAll('/', '~1')}`;

/** Ajv's errors as RecordErrors: a missing or extra property is pointed at by name, a field a rule forbids is said
 * to be, and the `if` that led to another error is left out (that error says it). */
export function recordErrors(errors: readonly ErrorObject[] | null | undefined, prefix = ''): RecordError[] {
  const seen = new Set<string>();
  const out: RecordError[] = [];
  for (const e of errors ?? []) {
    if (e.keyword === 'if') continue;
    let path = prefix + e.instancePath;
    let message = e.message ?? 'is not valid';
    if (e.keyword === 'required') path += segment((e.params as { missingProperty: string }).missingProperty);
    if (e.keyword === 'additionalProperties')
      path += segment((e.params as { additionalProperty: string }).additionalProperty);
    if (e.keyword === 'false schema') message = 'must not be present in this record';
    const key = `${path}\n${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ path, message });
  }
  return out;
}

function check<T>(validate: ValidateFunction, value: unknown, prefix: string): { ok: T } | { errors: RecordError[] } {
  return validate(value) ? { ok: value as T } : { errors: recordErrors(validate.errors, prefix) };
}

export const checkReservation = (value: unknown, prefix = '') => check<Reservation>(reservationCheck, value, prefix);
export const checkRedemption = (value: unknown, prefix = '') => check<Redemption>(redemptionCheck, value, prefix);

/** A bulk file's envelope: state, program, month, and records as a non-empty array (of anything). */
export const checkBulkEnvelope = (value: unknown) =>
  check<{ state: Reservation['state']; program: Reservation['program']; reporting_month: string; records: unknown[] }>(
    bulkEnvelopeCheck,
    value,
    '',
  );

/** A bulk file's record, by its record_type; error paths are within the record ('/reservation/address/zip_code'). */
export function checkBulkRecord(
  value: unknown,
): { reservation: Reservation } | { redemption: Redemption } | { errors: RecordError[] } {
  const type =
    typeof value === 'object' && value !== null ? (value as { record_type?: unknown }).record_type : undefined;
  if (type === 'RESERVATION') {
    const checked = check<{ reservation: Reservation }>(reservationRecordCheck, value, '');
    return 'ok' in checked ? checked.ok : checked;
  }
  if (type === 'REDEMPTION') {
    const checked = check<{ redemption: Redemption }>(redemptionRecordCheck, value, '');
    return 'ok' in checked ? checked.ok : checked;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { errors: [{ path: '', message: 'must be object' }] };
  return {
    errors: [
      {
        path: '/record_type',
        message: type === undefined ? "must have required property 'record_type'" : 'must be RESERVATION or REDEMPTION',
      },
    ],
  };
}

/** Whole cents of a dollar amount. */
export const cents = (dollars: number) => Math.round(dollars * 100);
/** Cents as dollars with two decimals ("1234.50"). */
export const dollars = (amount: number) => (amount / 100).toFixed(2);

/** The address a reservation is at, case, spacing and punctuation aside: street number and street, unit, city,
 * state, zip, and the upgrade reserved (a household may hold one reservation per upgrade, as the tool allows). Two
 * reservations with the same key reserve the same upgrade at the same home. */
export function addressKey(reservation: Reservation): string {
  const norm = (s: string | undefined) =>
    (s ?? '')
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[\s.,#]+/g, ' ')
      .trim();
  const { street_number, street, city, state, zip_code } = reservation.address;
  const home = [`${norm(street_number)} ${norm(street)}`, norm(reservation.unit_name_or_number), norm(city), state];
  return [...home, zip_code, reservation.upgrade_type].map((part) => part.trim()).join('|');
}

export type ReservationStatus = 'ACTIVE' | 'CANCELLED' | 'COMPLETED';

export interface ReservationRecord {
  id: string;
  idempotency_key: string | null;
  record: Reservation;
  address_key: string;
  status: ReservationStatus;
  created_at: Date;
  /** Amounts in cents. */
  reserved: number;
  redeemed: number;
  redemption_ids: string[];
}

export interface RedemptionRecord {
  id: string;
  idempotency_key: string | null;
  reservation_id: string;
  record: Redemption;
  created_at: Date;
}

/** What the tool answers about a reservation. */
export function reservationView(r: ReservationRecord) {
  return {
    reservation_id: r.id,
    status: 'accepted' as const,
    reservation_status: r.status,
    created_at: r.created_at.toISOString(),
    redeemed_amount: r.redeemed / 100,
    remaining_reservation_amount: r.status === 'ACTIVE' ? (r.reserved - r.redeemed) / 100 : 0,
    redemption_ids: [...r.redemption_ids],
    reservation: r.record,
  };
}

/** What the tool answers about a redemption. */
export function redemptionView(r: RedemptionRecord) {
  return {
    redemption_id: r.id,
    reservation_id: r.reservation_id,
    status: 'accepted' as const,
    created_at: r.created_at.toISOString(),
    redemption: r.record,
  };
}

/** Why a record was refused, by the status the single-record routes answer (bulk files list the errors only). */
export type Refusal = { status: 404 | 409 | 503; errors: RecordError[] };

export type Outcome<T> = { created: true; record: T } | { created: false; record: T } | { refused: Refusal };

const refuse = (status: Refusal['status'], path: string, message: string) => ({
  refused: { status, errors: [{ path, message }] },
});
const FULL = (): { refused: Refusal } =>
  refuse(503, '', `the simulated tracking tool holds as many records as it can (${MAX_RECORDS})`);

export class TrackingStore {
  private readonly reservations = new Map<string, ReservationRecord>();
  private readonly redemptions = new Map<string, RedemptionRecord>();
  private readonly reservationKeys = new Map<string, ReservationRecord>();
  private readonly redemptionKeys = new Map<string, RedemptionRecord>();
  /** The active reservation at each address, and under each external_rebate_id. */
  private readonly activeAt = new Map<string, ReservationRecord>();
  private readonly activeByExternalId = new Map<string, ReservationRecord>();

  constructor(
    private readonly now: () => Date,
    private readonly max_records = MAX_RECORDS,
  ) {}

  getReservation(id: string): ReservationRecord | undefined {
    return this.reservations.get(id);
  }

  getRedemption(id: string): RedemptionRecord | undefined {
    return this.redemptions.get(id);
  }

  /** A valid reservation: the key's existing one if the key was used (whatever else differs), else a new one unless
   * its address (or its external_rebate_id) already has an active reservation. */
  reserve(record: Reservation, idempotency_key: string | null): Outcome<ReservationRecord> {
    const known = idempotency_key === null ? undefined : this.reservationKeys.get(idempotency_key);
    if (known) return { created: false, record: known };
    const address_key = addressKey(record);
    const there = this.activeAt.get(address_key);
    if (there)
      return refuse(409, '/address', `a reservation of this upgrade is already active at this address: ${there.id}`);
    const external = record.external_rebate_id;
    const named = external === undefined ? undefined : this.activeByExternalId.get(external);
    if (named)
      return refuse(
        409,
        '/external_rebate_id',
        `an active reservation has this external_rebate_id already: ${named.id}`,
      );
    if (this.size >= this.max_records) return FULL();
    const reservation: ReservationRecord = {
      id: `RSV-${String(this.reservations.size + 1).padStart(6, '0')}`,
      idempotency_key,
      record,
      address_key,
      status: 'ACTIVE',
      created_at: this.now(),
      reserved: cents(record.reservation_amount),
      redeemed: 0,
      redemption_ids: [],
    };
    this.reservations.set(reservation.id, reservation);
    if (idempotency_key !== null) this.reservationKeys.set(idempotency_key, reservation);
    this.activeAt.set(address_key, reservation);
    if (external !== undefined) this.activeByExternalId.set(external, reservation);
    return { created: true, record: reservation };
  }

  /** The reservation a redemption names: by the id the tool gave it, else an active one by its external_rebate_id. */
  reservationNamed(reference: string): ReservationRecord | undefined {
    return this.reservations.get(reference) ?? this.activeByExternalId.get(reference);
  }

  /** A valid redemption: the key's existing one if the key was used, else a new one if its reservation is known,
   * active, for the same upgrade and has the rebate left. A final redemption completes the reservation. */
  redeem(record: Redemption, idempotency_key: string | null): Outcome<RedemptionRecord> {
    const known = idempotency_key === null ? undefined : this.redemptionKeys.get(idempotency_key);
    if (known) return { created: false, record: known };
    const reservation = this.reservationNamed(record.reservation_id);
    if (!reservation) return refuse(404, '/reservation_id', `no reservation ${record.reservation_id}`);
    if (reservation.status !== 'ACTIVE')
      return refuse(409, '/reservation_id', `reservation ${reservation.id} is ${reservation.status.toLowerCase()}`);
    if (record.upgrade_type !== reservation.record.upgrade_type)
      return refuse(
        409,
        '/upgrade_type',
        `reservation ${reservation.id} is for ${reservation.record.upgrade_type}, not ${record.upgrade_type}`,
      );
    const rebate = cents(record.rebate_deducted);
    const left = reservation.reserved - reservation.redeemed;
    if (rebate > left)
      return refuse(
        409,
        '/rebate_deducted',
        `the rebate $${dollars(rebate)} exceeds what reservation ${reservation.id} has left: $${dollars(left)} of ` +
          `$${dollars(reservation.reserved)} reserved`,
      );
    if (this.size >= this.max_records) return FULL();
    const redemption: RedemptionRecord = {
      id: `RDM-${String(this.redemptions.size + 1).padStart(6, '0')}`,
      idempotency_key,
      reservation_id: reservation.id,
      record,
      created_at: this.now(),
    };
    this.redemptions.set(redemption.id, redemption);
    if (idempotency_key !== null) this.redemptionKeys.set(idempotency_key, redemption);
    reservation.redeemed += rebate;
    reservation.redemption_ids.push(redemption.id);
    if (record.is_final_project_redemption) this.close(reservation, 'COMPLETED');
    return { created: true, record: redemption };
  }

  /** Cancels an active reservation without redemptions (freeing its address); cancelling again changes nothing. */
  cancel(reservation: ReservationRecord): { refused: Refusal } | undefined {
    if (reservation.status === 'CANCELLED') return undefined;
    if (reservation.status === 'COMPLETED')
      return refuse(409, '', `reservation ${reservation.id} is completed: it cannot be cancelled`);
    if (reservation.redemption_ids.length > 0)
      return refuse(
        409,
        '',
        `reservation ${reservation.id} has redemptions (${reservation.redemption_ids.join(', ')}): it cannot be cancelled`,
      );
    this.close(reservation, 'CANCELLED');
    return undefined;
  }

  private get size(): number {
    return this.reservations.size + this.redemptions.size;
  }

  private close(reservation: ReservationRecord, status: Exclude<ReservationStatus, 'ACTIVE'>): void {
    reservation.status = status;
    if (this.activeAt.get(reservation.address_key) === reservation) this.activeAt.delete(reservation.address_key);
    const external = reservation.record.external_rebate_id;
    if (external !== undefined && this.activeByExternalId.get(external) === reservation)
      this.activeByExternalId.delete(external);
  }
}
