/**
 * The simulated DOE rebate tracking tool: a small HTTP service for the demo and the tests, taking a state's HEAR
 * reservations, redemptions and monthly bulk files in our contracts (engine/api/tracking.ts, a subset of PNNL's IRA
 * Rebates API schemas) and answering as the real tool would refuse or accept them. Contracts are checked with ajv;
 * the rules between records (one active reservation per address, redemptions within the reserved amount) are
 * records.ts's. In-memory state.
 *
 * Routes (JSON; refusals are {status: 'refused', errors: [{path, message}]} with a JSON pointer into what was sent;
 * 400 {error} for a body that is not a JSON object, 404 unknown path, 405 wrong method, 413 body too large):
 *   GET    /api/health                       {ok: true}
 *   POST   /api/reservations  Reservation & {idempotency_key}
 *                                            201 ReservationView (new), 200 ReservationView (the key's existing one),
 *                                            422 refused (the contract), 409 refused (an active reservation at the
 *                                            address, or under the external_rebate_id)
 *   GET    /api/reservations/:id             ReservationView, 404 refused
 *   DELETE /api/reservations/:id             200 ReservationView (cancelled; the address is free again),
 *                                            409 refused (it has redemptions, or is completed), 404 refused
 *   POST   /api/redemptions   Redemption & {idempotency_key}
 *                                            201 RedemptionView, 200 (the key's existing one), 422 refused,
 *                                            404 refused (no such reservation), 409 refused (the reservation is not
 *                                            active, is for another upgrade, or has less left than the rebate)
 *   GET    /api/redemptions/:id              RedemptionView, 404 refused
 *   POST   /api/bulk          BulkFile       200 {accepted: [{index, id}], refused: [{index, errors}]}: each record
 *                                            checked and taken on its own, in order; 422 refused (the envelope)
 * A redemption's reservation_id is the id answered for the reservation, or the external_rebate_id of an active one
 * (so a bulk file can carry a reservation and its redemption). A bulk file's reservations must be of its state,
 * program and month, its final redemptions completed in its month.
 */

import type { IncomingMessage } from 'node:http';
import { readJsonObject, serve, type Handler, type Reply, type Route } from '../http.ts';
import type { Redemption, Reservation } from '../../engine/api/tracking.ts';
import {
  checkBulkEnvelope,
  checkBulkRecord,
  checkRedemption,
  checkReservation,
  redemptionView,
  reservationView,
  TrackingStore,
  type RecordError,
  type Refusal,
} from './records.ts';

/** The largest single record's body, and the largest bulk file's (a month of a state's records). */
export const RECORD_BODY_LIMIT = 64 * 1024;
export const BULK_BODY_LIMIT = 4 * 1024 * 1024;

const MAX_KEY = 200;

const refused = (status: number, errors: RecordError[]): Reply => ({ status, json: { status: 'refused', errors } });

/** The body's idempotency_key, and the record without it; a key that is not 1 to MAX_KEY characters is an error. */
async function keyed(req: IncomingMessage): Promise<{ key: string | null; record: unknown; errors: RecordError[] }> {
  const { idempotency_key: key, ...record } = await readJsonObject(req, RECORD_BODY_LIMIT);
  if (typeof key === 'string' && key.length >= 1 && key.length <= MAX_KEY) return { key, record, errors: [] };
  const message =
    key === undefined
      ? "must have required property 'idempotency_key'"
      : `must be a string of 1 to ${MAX_KEY} characters`;
  return { key: null, record, errors: [{ path: '/idempotency_key', message }] };
}

export async function startTrackingSimulator(
  o: { port?: number; host?: string; now?: () => Date; max_records?: number } = {},
): Promise<{ url: string; close(): Promise<void> }> {
  const store = new TrackingStore(o.now ?? (() => new Date()), o.max_records);

  const createReservation: Handler = async (req) => {
    const { key, record, errors } = await keyed(req);
    const checked = checkReservation(record);
    if (errors.length || 'errors' in checked)
      return refused(422, [...errors, ...('errors' in checked ? checked.errors : [])]);
    const result = store.reserve(checked.ok, key);
    if ('refused' in result) return refused(result.refused.status, result.refused.errors);
    return { status: result.created ? 201 : 200, json: reservationView(result.record) };
  };

  const createRedemption: Handler = async (req) => {
    const { key, record, errors } = await keyed(req);
    const checked = checkRedemption(record);
    if (errors.length || 'errors' in checked)
      return refused(422, [...errors, ...('errors' in checked ? checked.errors : [])]);
    const result = store.redeem(checked.ok, key);
    if ('refused' in result) return refused(result.refused.status, result.refused.errors);
    return { status: result.created ? 201 : 200, json: redemptionView(result.record) };
  };

  const unknown = (what: string, id: string) => refused(404, [{ path: '', message: `no ${what} ${id}` }]);

  const getReservation: Handler = (_req, [id]) => {
    const found = store.getReservation(id);
    return found ? { status: 200, json: reservationView(found) } : unknown('reservation', id);
  };

  const cancelReservation: Handler = (_req, [id]) => {
    const found = store.getReservation(id);
    if (!found) return unknown('reservation', id);
    const refusal = store.cancel(found);
    if (refusal) return refused(refusal.refused.status, refusal.refused.errors);
    return { status: 200, json: reservationView(found) };
  };

  const getRedemption: Handler = (_req, [id]) => {
    const found = store.getRedemption(id);
    return found ? { status: 200, json: redemptionView(found) } : unknown('redemption', id);
  };

  const bulk: Handler = async (req) => {
    const envelope = checkBulkEnvelope(await readJsonObject(req, BULK_BODY_LIMIT));
    if ('errors' in envelope) return refused(422, envelope.errors);
    const file = envelope.ok;
    const accepted: { index: number; id: string }[] = [];
    const refusedRecords: { index: number; errors: RecordError[] }[] = [];
    file.records.forEach((item, index) => {
      const checked = checkBulkRecord(item);
      const outcome =
        'errors' in checked
          ? { errors: checked.errors }
          : 'reservation' in checked
            ? bulkReservation(checked.reservation, file)
            : bulkRedemption(checked.redemption, file);
      if ('id' in outcome) accepted.push({ index, id: outcome.id });
      else refusedRecords.push({ index, errors: outcome.errors });
    });
    return { status: 200, json: { accepted, refused: refusedRecords } };
  };

  type File = { state: string; program: string; reporting_month: string };
  type Taken = { id: string } | { errors: RecordError[] };
  const within = (prefix: string, refusal: Refusal): Taken => ({
    errors: refusal.errors.map((e) => ({ path: prefix + e.path, message: e.message })),
  });

  function bulkReservation(record: Reservation, file: File): Taken {
    const errors: RecordError[] = [];
    if (record.state !== file.state)
      errors.push({ path: '/reservation/state', message: `must be the file's state, ${file.state}` });
    if (record.program !== file.program)
      errors.push({ path: '/reservation/program', message: `must be the file's program, ${file.program}` });
    if (!record.project_reservation_date.startsWith(`${file.reporting_month}-`))
      errors.push({
        path: '/reservation/project_reservation_date',
        message: `must fall in the file's month, ${file.reporting_month}`,
      });
    if (errors.length) return { errors };
    const result = store.reserve(record, null);
    return 'refused' in result ? within('/reservation', result.refused) : { id: result.record.id };
  }

  function bulkRedemption(record: Redemption, file: File): Taken {
    const errors: RecordError[] = [];
    const target = store.reservationNamed(record.reservation_id);
    if (target && (target.record.state !== file.state || target.record.program !== file.program))
      errors.push({
        path: '/redemption/reservation_id',
        message: `reservation ${target.id} is in ${target.record.state}'s ${target.record.program} program, not the file's`,
      });
    const completed = record.project_completion_date;
    if (completed !== undefined && !completed.startsWith(`${file.reporting_month}-`))
      errors.push({
        path: '/redemption/project_completion_date',
        message: `must fall in the file's month, ${file.reporting_month}`,
      });
    if (errors.length) return { errors };
    const result = store.redeem(record, null);
    return 'refused' in result ? within('/redemption', result.refused) : { id: result.record.id };
  }

  const routes: Route[] = [
    ['GET', /^\/api\/health$/, () => ({ status: 200, json: { ok: true } })],
    ['POST', /^\/api\/reservations$/, createReservation],
    ['GET', /^\/api\/reservations\/([^/]+)$/, getReservation],
    ['DELETE', /^\/api\/reservations\/([^/]+)$/, cancelReservation],
    ['POST', /^\/api\/redemptions$/, createRedemption],
    ['GET', /^\/api\/redemptions\/([^/]+)$/, getRedemption],
    ['POST', /^\/api\/bulk$/, bulk],
  ];

  return serve(routes, { port: o.port, host: o.host });
}
