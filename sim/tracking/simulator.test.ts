/**
 * The simulated DOE tracking tool over real HTTP, the way a state's reporting would use it: reservations (accepted,
 * repeated under their key, refused by the contract with the path of each fault, refused at an address already
 * reserved until that reservation is cancelled), redemptions (accepted, against an unknown reservation, over the
 * reserved amount, after the final one), monthly bulk files (each record on its own), and bad requests. Properties:
 * any record built from the contracts' own values is accepted, and without any of its required fields refused there.
 * Last, the CLI starts, answers and stops on SIGTERM.
 */

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AHRI_UPGRADES,
  BUILDING_TYPES,
  CLAIMANT_TYPES,
  CONDITIONS,
  CONSTRUCTION_TYPES,
  CONTRACTOR_ONLY_UPGRADES,
  FILE_PURPOSES,
  FILE_TYPES,
  FLOOR_AREA_BANDS,
  INCOME_BUCKETS,
  INSTALLATION_TYPES,
  REDEMPTION_SCHEMA,
  RESERVATION_SCHEMA,
  STATE_CODES,
  TEST_RESULTS,
  UPGRADE_TYPES,
  YES_NO_NA,
  type BulkFile,
  type Redemption,
  type Reservation,
} from '../../engine/api/tracking.ts';
import { addressKey, checkRedemption, checkReservation, TrackingStore } from './records.ts';
import { startTrackingSimulator } from './server.ts';

const clock = new Date('2026-03-15T12:00:00.000Z');
let sim: { url: string; close(): Promise<void> };
beforeAll(async () => {
  sim = await startTrackingSimulator({ port: 0, host: '127.0.0.1', now: () => clock });
});
afterAll(() => sim.close());

const api = (path: string, init?: RequestInit) => fetch(`${sim.url}${path}`, init);
const send = async (method: string, path: string, body?: unknown) => {
  const res = await api(path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { errors?: RecordErrors } };
};
type RecordErrors = { path: string; message: string }[];
const post = (path: string, body: unknown) => send('POST', path, body);

let serial = 0;
/** A number no other test uses, for keys and street numbers. */
const next = () => String(++serial);
/** JSON's view of a value: undefined fields gone, as they would be on the wire. */
const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** A valid reservation: a heat pump water heater at a detached house, installed by a contractor, at a street number
 * of its own. */
function reservation(overrides: Record<string, unknown> = {}): Reservation {
  return wire({
    program: 'HEAR',
    state: 'WA',
    external_rebate_id: `WA-HEAR-${next()}`,
    project_reservation_date: '2026-03-02',
    applicant: { first_name: 'Ana', last_name: "O'Neil", email: 'ana@example.org', phone: '5095550100' },
    address: { street_number: next(), street: 'Horn Rapids Road', city: 'Richland', state: 'WA', zip_code: '99354' },
    building_project_type: 'SINGLE_FAMILY_DETACHED',
    claimant_type: 'HOMEOWNER',
    construction_type: 'EXISTING',
    installation_type: 'CONTRACTOR_INSTALLED',
    upgrade_type: 'HEAT_PUMP_WATER_HEATER',
    dwelling_unit_income_bucket: 'LESS_THAN_80%_AMI',
    sf_conditioned_floor_area: '1500SF_2500SF',
    sf_num_bedrooms: 3,
    is_disadvantaged_community: false,
    reservation_amount: 1750,
    contractor_incentive: 250,
    energy_data_evaluation_permission: true,
    state_attests_proof_of_identity_ownership_income: true,
    ...overrides,
  }) as Reservation;
}

const SAFE = {
  ambient_co_test_result: 'PASSED',
  undiluted_co_test_result: 'NA',
  gas_leak_detection_test_result: 'PASSED',
  spillage_test_result: 'NA',
  venting_test_result: 'NA',
  ashrae_62_2_ventilation_calculated: 'YES',
  signs_of_mold_or_moisture: 'NO',
  roof_condition: 'GOOD',
  drainage_system_condition: 'GOOD',
  confirm_all_safety_check_results_disclosed_to_homeowner: 'YES',
} as const;

/** A valid final redemption of a heat pump water heater against `reservation_id`. */
function redemption(reservation_id: string, overrides: Record<string, unknown> = {}): Redemption {
  return wire({
    reservation_id,
    upgrade_type: 'HEAT_PUMP_WATER_HEATER',
    vendor_id: 'WA-V-00017',
    contractor_company_name: 'Bright Home Energy LLC',
    contractor_name: 'Sam Ortiz',
    is_contractor_eligible: true,
    equipment_and_material_cost: 2399.99,
    installation_cost: 1200,
    rebate_deducted: 1750,
    is_point_of_sale_rebate: true,
    is_final_project_redemption: true,
    project_completion_date: '2026-03-12',
    post_retrofit_inspection_passed: 'YES',
    safety_checks: SAFE,
    product_info: [{ manufacturer: 'Rheem', model_number: 'PROPH65 T2 RH375-30', ahri_reference_number: '210812345' }],
    files: [
      { file_name: 'hpwh-nameplate.jpg', file_type: 'JPEG', file_purpose: 'QUALITY_ASSURANCE', reference: 'att_91' },
    ],
    ...overrides,
  }) as Redemption;
}

const reserve = (record: Reservation, key = `rsv-${next()}`) =>
  post('/api/reservations', { ...record, idempotency_key: key });
const redeem = (record: Redemption, key = `rdm-${next()}`) =>
  post('/api/redemptions', { ...record, idempotency_key: key });
/** A new reservation's id. */
async function reserved(record = reservation()): Promise<string> {
  const res = await reserve(record);
  expect(res.status).toBe(201);
  return res.body.reservation_id as string;
}

describe('reservations', () => {
  it('a valid reservation is accepted with an id, and read back as answered', async () => {
    expect(await send('GET', '/api/health')).toEqual({ status: 200, body: { ok: true } });
    const record = reservation();
    const res = await reserve(record);
    expect(res).toEqual({
      status: 201,
      body: {
        reservation_id: expect.stringMatching(/^RSV-\d{6}$/),
        status: 'accepted',
        reservation_status: 'ACTIVE',
        created_at: clock.toISOString(),
        redeemed_amount: 0,
        remaining_reservation_amount: 1750,
        redemption_ids: [],
        reservation: record,
      },
    });
    const id = res.body.reservation_id as string;
    expect(await send('GET', `/api/reservations/${id}`)).toEqual({ status: 200, body: res.body });
    expect(await send('GET', '/api/reservations/RSV-999999')).toEqual({
      status: 404,
      body: { status: 'refused', errors: [{ path: '', message: 'no reservation RSV-999999' }] },
    });
  });

  it('the same idempotency key again answers the first reservation, whatever else the repeat says', async () => {
    const first = reservation();
    const created = await reserve(first, 'state-batch-7:row-1');
    expect(created.status).toBe(201);
    const again = await reserve(first, 'state-batch-7:row-1');
    expect(again).toEqual({ status: 200, body: created.body });
    const changed = await reserve(reservation({ reservation_amount: 99 }), 'state-batch-7:row-1');
    expect(changed).toEqual({ status: 200, body: created.body });
    // Under a new key the same home is a second reservation: refused.
    expect((await reserve(first, 'state-batch-7:row-2')).status).toBe(409);
  });

  const faults: [string, Record<string, unknown>, string, string][] = [
    ['a missing required field', { applicant: undefined }, '/applicant', "must have required property 'applicant'"],
    [
      'a missing nested field',
      { address: { street: 'Main', city: 'X', state: 'WA', zip_code: '99354' } },
      '/address/street_number',
      "must have required property 'street_number'",
    ],
    [
      'a value not in the enum',
      { building_project_type: 'HOUSE' },
      '/building_project_type',
      'must be equal to one of the allowed values',
    ],
    [
      'an income bucket not in the enum',
      { dwelling_unit_income_bucket: '<=80% AMI' },
      '/dwelling_unit_income_bucket',
      'must be equal to one of the allowed values',
    ],
    [
      'a zip that is not 5 digits',
      { address: { ...reservation().address, zip_code: '9935' } },
      '/address/zip_code',
      'must match pattern "^\\d{5}$"',
    ],
    ['a wrong type', { reservation_amount: '1750' }, '/reservation_amount', 'must be number'],
    ['fractions of a cent', { reservation_amount: 10.005 }, '/reservation_amount', 'must be multiple of 0.01'],
    ['a zero amount', { reservation_amount: 0 }, '/reservation_amount', 'must be > 0'],
    ['a field the contract does not know', { nickname: 'Ana' }, '/nickname', 'must NOT have additional properties'],
    [
      'no attestation',
      { state_attests_proof_of_identity_ownership_income: false },
      '/state_attests_proof_of_identity_ownership_income',
      'must be equal to constant',
    ],
    [
      'a date that is no date',
      { project_reservation_date: '2026-13-01' },
      '/project_reservation_date',
      'must match pattern "^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$"',
    ],
    ['a state not in the list', { state: 'XX' }, '/state', 'must be equal to one of the allowed values'],
    [
      'a last name with digits',
      { applicant: { ...reservation().applicant, last_name: 'R2D2' } },
      '/applicant/last_name',
      'must match pattern "^[a-zA-Z\\-\\s\']+$"',
    ],
    [
      'neither email nor phone',
      { applicant: { last_name: 'Lee', email: 'NOT AVAILABLE', phone: 'NOT AVAILABLE' } },
      '/applicant/phone',
      'must match pattern "^\\d{10}$"',
    ],
    ['multifamily counts on a house', { num_units: 4 }, '/num_units', 'must not be present in this record'],
    [
      'a building project without its counts',
      {
        building_project_type: 'MULTIFAMILY_CENTRAL',
        dwelling_unit_income_bucket: undefined,
        mf_num_bedrooms: 40,
        mf_building_income_bucket: 'LESS_THAN_80%_AMI',
        num_units: 12,
      },
      '/num_units_meeting_income_bucket',
      "must have required property 'num_units_meeting_income_bucket'",
    ],
    [
      'a water heater without bedrooms',
      { sf_num_bedrooms: undefined },
      '/sf_num_bedrooms',
      "must have required property 'sf_num_bedrooms'",
    ],
    [
      'a heat pump installed DIY',
      {
        upgrade_type: 'HEAT_PUMP_FOR_SPACE_HEATING_OR_COOLING',
        installation_type: 'DO_IT_YOURSELF',
        contractor_incentive: undefined,
      },
      '/installation_type',
      'must be equal to constant',
    ],
    [
      'a contractor in a DAC without the DAC incentive',
      { is_disadvantaged_community: true },
      '/contractor_dac_incentive',
      "must have required property 'contractor_dac_incentive'",
    ],
    [
      'a contractor incentive on DIY work',
      { installation_type: 'DO_IT_YOURSELF' },
      '/contractor_incentive',
      'must not be present in this record',
    ],
  ];

  it.each(faults)('%s is refused (422) with its path', async (_name, change, path, message) => {
    const record = reservation(change);
    const res = await reserve(record);
    expect(res.status).toBe(422);
    expect(res.body.status).toBe('refused');
    expect(res.body.errors).toContainEqual({ path, message });
    // Nothing was kept: the same home reserves fine once the fault is gone.
    const home = 'address' in change ? reservation().address : record.address;
    expect((await reserve(reservation({ address: home }))).status).toBe(201);
  });

  it('a missing or empty idempotency key is refused with the contract faults, by path', async () => {
    const { applicant: _applicant, ...record } = reservation();
    expect(await post('/api/reservations', record)).toEqual({
      status: 422,
      body: {
        status: 'refused',
        errors: [
          { path: '/idempotency_key', message: "must have required property 'idempotency_key'" },
          { path: '/applicant', message: "must have required property 'applicant'" },
        ],
      },
    });
    expect((await post('/api/reservations', { ...reservation(), idempotency_key: '' })).body.errors).toEqual([
      { path: '/idempotency_key', message: 'must be a string of 1 to 200 characters' },
    ]);
  });

  it('amounts in cents are exact however binary fractions round', async () => {
    for (const amount of [0.07, 0.29, 1234.56, 14000, 999_999.99]) {
      expect((await reserve(reservation({ reservation_amount: amount }))).status).toBe(201);
    }
  });

  it('a second reservation at the same address is refused until the first is cancelled', async () => {
    const first = reservation();
    const id = await reserved(first);
    const { street_number, street, state, zip_code } = first.address;
    // The same home, written differently.
    const same = reservation({
      address: {
        street_number: ` ${street_number}`,
        street: `  ${street.toUpperCase()}. `,
        city: 'richland',
        state,
        zip_code,
      },
    });
    const message = `a reservation of this upgrade is already active at this address: ${id}`;
    expect(await reserve(same)).toEqual({
      status: 409,
      body: { status: 'refused', errors: [{ path: '/address', message }] },
    });
    // Another unit at the same street address is another home.
    expect((await reserve(reservation({ address: first.address, unit_name_or_number: '2' }))).status).toBe(201);

    const cancelled = await send('DELETE', `/api/reservations/${id}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ reservation_id: id, reservation_status: 'CANCELLED' });
    expect(cancelled.body.remaining_reservation_amount).toBe(0);
    expect(await send('DELETE', `/api/reservations/${id}`)).toEqual(cancelled);
    expect(await send('GET', `/api/reservations/${id}`)).toEqual(cancelled);
    const again = await reserve(same);
    expect(again.status).toBe(201);
    expect(again.body.reservation_id).not.toBe(id);
    expect((await send('DELETE', '/api/reservations/RSV-999999')).status).toBe(404);
  });

  it("an active reservation's external_rebate_id is not given to a second one", async () => {
    const first = reservation();
    const id = await reserved(first);
    expect(await reserve(reservation({ external_rebate_id: first.external_rebate_id }))).toEqual({
      status: 409,
      body: {
        status: 'refused',
        errors: [
          { path: '/external_rebate_id', message: `an active reservation has this external_rebate_id already: ${id}` },
        ],
      },
    });
  });

  it('addresses are the same home case, spacing and punctuation aside, and not across units or zips', () => {
    const at = (address: Partial<Reservation['address']>, unit?: string) =>
      addressKey(
        reservation({
          address: { ...reservation().address, street_number: '12', ...address },
          unit_name_or_number: unit,
        }),
      );
    expect(at({ street: 'N. Main St.', city: 'Walla  Walla' })).toBe(at({ street: 'n main st', city: 'WALLA WALLA' }));
    expect(at({ street: 'Main St' })).not.toBe(at({ street: 'Main St' }, '7B'));
    expect(at({ street: 'Main St' })).not.toBe(at({ street: 'Main St', zip_code: '99362' }));
    expect(at({ street: 'Main St' })).not.toBe(at({ street: 'Main St', street_number: '14' }));
  });
});

describe('redemptions', () => {
  it('a redemption within the reservation is accepted, once per key, and counted against it', async () => {
    const id = await reserved(reservation({ reservation_amount: 1750 }));
    const partial = redemption(id, {
      is_final_project_redemption: false,
      project_completion_date: undefined,
      rebate_deducted: 1000.1,
    });
    const created = await redeem(partial, 'job-12:redemption:1');
    expect(created).toEqual({
      status: 201,
      body: {
        redemption_id: expect.stringMatching(/^RDM-\d{6}$/),
        reservation_id: id,
        status: 'accepted',
        created_at: clock.toISOString(),
        redemption: partial,
      },
    });
    const rdm = created.body.redemption_id as string;
    expect(await redeem(partial, 'job-12:redemption:1')).toEqual({ status: 200, body: created.body });
    expect(await send('GET', `/api/redemptions/${rdm}`)).toEqual({ status: 200, body: created.body });
    expect((await send('GET', `/api/reservations/${id}`)).body).toMatchObject({
      reservation_status: 'ACTIVE',
      redeemed_amount: 1000.1,
      remaining_reservation_amount: 749.9,
      redemption_ids: [rdm],
    });
    // With a redemption it can no longer be cancelled.
    expect(await send('DELETE', `/api/reservations/${id}`)).toEqual({
      status: 409,
      body: {
        status: 'refused',
        errors: [{ path: '', message: `reservation ${id} has redemptions (${rdm}): it cannot be cancelled` }],
      },
    });

    // Over what is left: refused, saying so.
    expect(await redeem(redemption(id, { rebate_deducted: 749.91 }))).toEqual({
      status: 409,
      body: {
        status: 'refused',
        errors: [
          {
            path: '/rebate_deducted',
            message: `the rebate $749.91 exceeds what reservation ${id} has left: $749.90 of $1750.00 reserved`,
          },
        ],
      },
    });
    // Exactly what is left, final: the reservation is completed and its address free.
    const final = await redeem(redemption(id, { rebate_deducted: 749.9 }));
    expect(final.status).toBe(201);
    const after = await send('GET', `/api/reservations/${id}`);
    expect(after.body).toMatchObject({
      reservation_status: 'COMPLETED',
      redeemed_amount: 1750,
      remaining_reservation_amount: 0,
    });
    expect(await redeem(redemption(id, { rebate_deducted: 0 }))).toEqual({
      status: 409,
      body: { status: 'refused', errors: [{ path: '/reservation_id', message: `reservation ${id} is completed` }] },
    });
    expect((await send('DELETE', `/api/reservations/${id}`)).status).toBe(409);
    expect((await reserve(reservation({ address: (after.body.reservation as Reservation).address }))).status).toBe(201);
  });

  it('a redemption of an unknown reservation is 404, of a cancelled one or another upgrade 409', async () => {
    expect(await redeem(redemption('RSV-424242'))).toEqual({
      status: 404,
      body: { status: 'refused', errors: [{ path: '/reservation_id', message: 'no reservation RSV-424242' }] },
    });
    const id = await reserved();
    expect(
      await redeem(
        redemption(id, {
          upgrade_type: 'ELECTRICAL_PANEL',
          product_info: [{ manufacturer: 'Eaton', model_number: 'BR2040B200' }],
        }),
      ),
    ).toEqual({
      status: 409,
      body: {
        status: 'refused',
        errors: [
          { path: '/upgrade_type', message: `reservation ${id} is for HEAT_PUMP_WATER_HEATER, not ELECTRICAL_PANEL` },
        ],
      },
    });
    await send('DELETE', `/api/reservations/${id}`);
    expect((await redeem(redemption(id))).body.errors).toEqual([
      { path: '/reservation_id', message: `reservation ${id} is cancelled` },
    ]);
    expect((await send('GET', '/api/redemptions/RDM-999999')).status).toBe(404);
  });

  it('a redemption naming its reservation by the external_rebate_id is counted against it', async () => {
    const record = reservation();
    const id = await reserved(record);
    const res = await redeem(redemption(record.external_rebate_id ?? ''));
    expect(res.status).toBe(201);
    expect(res.body.reservation_id).toBe(id);
  });

  const faults: [string, Record<string, unknown>, string, string][] = [
    [
      'a final redemption without its completion date',
      { project_completion_date: undefined },
      '/project_completion_date',
      "must have required property 'project_completion_date'",
    ],
    [
      'a completion date before the final redemption',
      { is_final_project_redemption: false },
      '/project_completion_date',
      'must not be present in this record',
    ],
    [
      'no installation cost before the final redemption',
      { is_final_project_redemption: false, project_completion_date: undefined, installation_cost: 0 },
      '/installation_cost',
      'must be > 0',
    ],
    [
      'an AHRI number on a panel',
      { upgrade_type: 'ELECTRICAL_PANEL' },
      '/product_info/0/ahri_reference_number',
      'must not be present in this record',
    ],
    [
      'an AHRI number of letters',
      { product_info: [{ manufacturer: 'Rheem', model_number: 'X', ahri_reference_number: 'AHRI-1' }] },
      '/product_info/0/ahri_reference_number',
      'must match pattern "^\\d{6,9}$"',
    ],
    [
      'a product without its manufacturer',
      { product_info: [{ model_number: 'X' }] },
      '/product_info/0/manufacturer',
      "must have required property 'manufacturer'",
    ],
    ['no products', { product_info: [] }, '/product_info', 'must NOT have fewer than 1 items'],
    [
      'an ineligible contractor',
      { is_contractor_eligible: false },
      '/is_contractor_eligible',
      'must be equal to constant',
    ],
    [
      'a CO test result not in the enum',
      { safety_checks: { ...SAFE, ambient_co_test_result: 'OK' } },
      '/safety_checks/ambient_co_test_result',
      'must be equal to one of the allowed values',
    ],
    [
      'a missing gas leak test',
      { safety_checks: { ...SAFE, gas_leak_detection_test_result: undefined } },
      '/safety_checks/gas_leak_detection_test_result',
      "must have required property 'gas_leak_detection_test_result'",
    ],
    ['a negative cost', { equipment_and_material_cost: -1 }, '/equipment_and_material_cost', 'must be >= 0'],
    [
      'a QA file of another purpose',
      { files: [{ file_name: 'a.pdf', file_type: 'PDF', file_purpose: 'INVOICE', reference: 'x' }] },
      '/files/0/file_purpose',
      'must be equal to one of the allowed values',
    ],
    ['a vendor id too short', { vendor_id: 'V1' }, '/vendor_id', 'must NOT have fewer than 6 characters'],
  ];

  it.each(faults)('%s is refused (422) with its path', async (_name, change, path, message) => {
    const id = await reserved();
    const res = await redeem(redemption(id, change));
    expect(res.status).toBe(422);
    expect(res.body.errors).toContainEqual({ path, message });
    expect((await send('GET', `/api/reservations/${id}`)).body.redemption_ids).toEqual([]);
  });
});

describe('bulk monthly files', () => {
  const file = (records: unknown[]): BulkFile =>
    ({ state: 'WA', program: 'HEAR', reporting_month: '2026-03', records }) as BulkFile;

  it('takes each record on its own: one good, one bad', async () => {
    const good = reservation();
    const res = await post(
      '/api/bulk',
      file([
        { record_type: 'RESERVATION', reservation: good },
        { record_type: 'RESERVATION', reservation: reservation({ claimant_type: 'LANDLORD' }) },
      ]),
    );
    expect(res).toEqual({
      status: 200,
      body: {
        accepted: [{ index: 0, id: expect.stringMatching(/^RSV-\d{6}$/) }],
        refused: [
          {
            index: 1,
            errors: [{ path: '/reservation/claimant_type', message: 'must be equal to one of the allowed values' }],
          },
        ],
      },
    });
    const id = (res.body.accepted as { id: string }[])[0].id;
    expect((await send('GET', `/api/reservations/${id}`)).body.reservation).toEqual(good);
  });

  it("carries a reservation and its redemption, and refuses duplicates, other states' and other months' records", async () => {
    const home = reservation();
    const elsewhere = reservation({ state: 'OR', address: { ...reservation().address, state: 'OR' } });
    const res = await post(
      '/api/bulk',
      file([
        { record_type: 'RESERVATION', reservation: home },
        { record_type: 'RESERVATION', reservation: reservation({ address: home.address }) },
        { record_type: 'REDEMPTION', redemption: redemption(home.external_rebate_id ?? '') },
        { record_type: 'RESERVATION', reservation: elsewhere },
        { record_type: 'RESERVATION', reservation: reservation({ project_reservation_date: '2026-04-01' }) },
        { record_type: 'REDEMPTION', redemption: redemption('RSV-424242') },
        { record_type: 'REFUND', amount: 3 },
        'not a record',
      ]),
    );
    expect(res.status).toBe(200);
    const accepted = res.body.accepted as { index: number; id: string }[];
    expect(accepted).toEqual([
      { index: 0, id: expect.stringMatching(/^RSV-/) },
      { index: 2, id: expect.stringMatching(/^RDM-/) },
    ]);
    expect(res.body.refused).toEqual([
      { index: 1, errors: [{ path: '/reservation/address', message: expect.stringContaining(accepted[0].id) }] },
      { index: 3, errors: [{ path: '/reservation/state', message: "must be the file's state, WA" }] },
      {
        index: 4,
        errors: [{ path: '/reservation/project_reservation_date', message: "must fall in the file's month, 2026-03" }],
      },
      { index: 5, errors: [{ path: '/redemption/reservation_id', message: 'no reservation RSV-424242' }] },
      { index: 6, errors: [{ path: '/record_type', message: 'must be RESERVATION or REDEMPTION' }] },
      { index: 7, errors: [{ path: '', message: 'must be object' }] },
    ]);
    expect((await send('GET', `/api/reservations/${accepted[0].id}`)).body).toMatchObject({
      reservation_status: 'COMPLETED',
      redemption_ids: [accepted[1].id],
    });
  });

  it('a file of a few hundred records (over the 16 KiB other bodies get) is taken whole', async () => {
    const records = Array.from({ length: 300 }, () => ({ record_type: 'RESERVATION', reservation: reservation() }));
    const body = JSON.stringify(file(records));
    expect(body.length).toBeGreaterThan(100 * 1024);
    const res = await post('/api/bulk', body);
    expect((res.body.accepted as unknown[]).length).toBe(300);
    expect(res.body.refused).toEqual([]);
  });

  it('an envelope that breaks the contract is refused whole (422)', async () => {
    const one = [{ record_type: 'RESERVATION', reservation: reservation() }];
    expect(await post('/api/bulk', { ...file(one), reporting_month: '2026-3' })).toEqual({
      status: 422,
      body: {
        status: 'refused',
        errors: [{ path: '/reporting_month', message: 'must match pattern "^\\d{4}-(0[1-9]|1[0-2])$"' }],
      },
    });
    expect((await post('/api/bulk', file([]))).body.errors).toEqual([
      { path: '/records', message: 'must NOT have fewer than 1 items' },
    ]);
    expect((await post('/api/bulk', { state: 'WA', records: one })).body.errors).toEqual([
      { path: '/program', message: "must have required property 'program'" },
      { path: '/reporting_month', message: "must have required property 'reporting_month'" },
    ]);
  });
});

describe('bad requests', () => {
  it('malformed JSON and bodies that are not objects are 400; unknown paths 404; wrong methods 405', async () => {
    for (const path of ['/api/reservations', '/api/redemptions', '/api/bulk']) {
      expect(await post(path, '{"program":')).toEqual({ status: 400, body: { error: 'body is not valid JSON' } });
      for (const body of ['[]', 'null', '"x"', '7'])
        expect(await post(path, body)).toEqual({ status: 400, body: { error: 'body must be a JSON object' } });
    }
    expect(await send('GET', '/api/nothing')).toEqual({ status: 404, body: { error: 'no such route' } });
    expect(await send('PUT', '/api/reservations/RSV-000001', {})).toEqual({
      status: 405,
      body: { error: 'method not allowed' },
    });
    expect(await send('GET', '/api/bulk')).toEqual({ status: 405, body: { error: 'method not allowed' } });
  });

  it('a record body over 64 KiB is 413; the simulator keeps serving', async () => {
    const huge = { ...reservation(), idempotency_key: 'k', nickname: 'x'.repeat(70 * 1024) };
    expect(await post('/api/reservations', huge)).toEqual({
      status: 413,
      body: { error: `request body over ${64 * 1024} bytes` },
    });
    expect((await reserve(reservation())).status).toBe(201);
  });

  it('a full store refuses new records but still answers known keys', async () => {
    const small = await startTrackingSimulator({ max_records: 1 });
    try {
      const record = { ...reservation(), idempotency_key: 'only' };
      expect(
        (await fetch(`${small.url}/api/reservations`, { method: 'POST', body: JSON.stringify(record) })).status,
      ).toBe(201);
      const full = await fetch(`${small.url}/api/reservations`, {
        method: 'POST',
        body: JSON.stringify({ ...reservation(), idempotency_key: 'second' }),
      });
      expect(full.status).toBe(503);
      expect(((await full.json()) as { errors: RecordErrors }).errors[0].message).toMatch(/holds as many records/);
      expect(
        (await fetch(`${small.url}/api/reservations`, { method: 'POST', body: JSON.stringify(record) })).status,
      ).toBe(200);
    } finally {
      await small.close();
    }
    expect(new TrackingStore(() => clock, 0).reserve(reservation(), null)).toMatchObject({ refused: { status: 503 } });
  });
});

// Records built from the contracts' own values.
const text = (min: number, max: number) => fc.string({ unit: 'binary', minLength: min, maxLength: max });
const words = (max: number) => text(1, max).filter((s) => /\S/u.test(s));
const pattern = (re: RegExp) => fc.stringMatching(re);
const money = (min = 0) => fc.integer({ min, max: 100_000_000 }).map((c) => c / 100);
const date = fc
  .date({ min: new Date('2023-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const opt = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const name = pattern(/^[a-zA-Z' -]{1,64}$/);
const contact = fc.oneof(
  fc.record({
    email: fc.emailAddress().filter((e) => e.length <= 254),
    phone: fc.oneof(pattern(/^\d{10}$/), fc.constant('NOT AVAILABLE')),
  }),
  fc.record({ email: fc.constant('NOT AVAILABLE'), phone: pattern(/^\d{10}$/) }),
);

const reservationArb: fc.Arbitrary<Reservation> = fc
  .record({
    building: fc.constantFrom(...BUILDING_TYPES),
    upgrade: fc.constantFrom(...UPGRADE_TYPES),
    installation: fc.constantFrom(...INSTALLATION_TYPES),
    dac: fc.boolean(),
  })
  .chain(({ building, upgrade, installation: asked, dac }) => {
    const central = building === 'MULTIFAMILY_CENTRAL';
    const buildingProject = central || building === 'MULTIFAMILY_IN_UNIT_PART_OF_BUILDING_PROJECT';
    const inUnit = building === 'MULTIFAMILY_IN_UNIT' || building === 'MULTIFAMILY_IN_UNIT_PART_OF_BUILDING_PROJECT';
    const multifamily = building.startsWith('MULTIFAMILY');
    const contractor =
      asked === 'CONTRACTOR_INSTALLED' || (CONTRACTOR_ONLY_UPGRADES as readonly string[]).includes(upgrade);
    const byArea =
      upgrade === 'HEAT_PUMP_FOR_SPACE_HEATING_OR_COOLING' || upgrade === 'INSULATION_AIR_SEALING_VENTILATION';
    const byBedrooms = upgrade === 'HEAT_PUMP_CLOTHES_DRYER' || upgrade === 'HEAT_PUMP_WATER_HEATER';
    const none = fc.constant(undefined);
    return fc.record({
      program: fc.constant('HEAR' as const),
      state: fc.constantFrom(...STATE_CODES),
      external_rebate_id: opt(text(1, 64)),
      project_reservation_date: date,
      applicant: fc
        .tuple(opt(name), name, contact)
        .map(([first_name, last_name, c]) => ({ first_name, last_name, ...c })),
      address: fc.record({
        street_number: pattern(/^[0-9a-zA-Z/\- ]{1,12}$/),
        street: words(100),
        city: words(64),
        county: opt(words(64)),
        state: fc.constantFrom(...STATE_CODES),
        zip_code: pattern(/^\d{5}$/),
      }),
      unit_name_or_number: inUnit ? text(1, 32) : central ? none : opt(text(1, 32)),
      building_project_type: fc.constant(building),
      claimant_type: fc.constantFrom(...CLAIMANT_TYPES),
      construction_type: fc.constantFrom(...CONSTRUCTION_TYPES),
      installation_type: fc.constant(contractor ? ('CONTRACTOR_INSTALLED' as const) : ('DO_IT_YOURSELF' as const)),
      upgrade_type: fc.constant(upgrade),
      dwelling_unit_income_bucket: buildingProject ? none : fc.constantFrom(...INCOME_BUCKETS),
      mf_building_income_bucket: buildingProject ? fc.constantFrom(...INCOME_BUCKETS) : none,
      num_units: multifamily ? fc.integer({ min: 2, max: 1000 }) : none,
      num_occupied_units: buildingProject ? opt(fc.integer({ min: 0, max: 1000 })) : none,
      num_units_meeting_income_bucket: buildingProject ? fc.integer({ min: 1, max: 1000 }) : none,
      project_id: building === 'MULTIFAMILY_IN_UNIT_PART_OF_BUILDING_PROJECT' ? text(6, 36) : opt(text(6, 36)),
      sf_conditioned_floor_area:
        byArea && !central ? fc.constantFrom(...FLOOR_AREA_BANDS) : opt(fc.constantFrom(...FLOOR_AREA_BANDS)),
      mf_conditioned_floor_area: byArea && central ? fc.integer({ min: 1000, max: 1_000_000 }) : none,
      sf_num_bedrooms: byBedrooms && !central ? fc.integer({ min: 0, max: 20 }) : opt(fc.integer({ min: 0, max: 20 })),
      mf_num_bedrooms: byBedrooms && central ? fc.integer({ min: 0, max: 10_000 }) : none,
      is_disadvantaged_community: fc.constant(dac),
      reservation_amount: money(1),
      contractor_incentive: contractor ? money() : none,
      contractor_dac_incentive: contractor && dac ? money() : contractor ? opt(money()) : none,
      energy_data_evaluation_permission: fc.boolean(),
      state_attests_proof_of_identity_ownership_income: fc.constant(true as const),
    });
  })
  .map((r) => wire(r as unknown) as Reservation);

const redemptionArb: fc.Arbitrary<Redemption> = fc
  .record({ upgrade: fc.constantFrom(...UPGRADE_TYPES), final: fc.boolean() })
  .chain(({ upgrade, final }) => {
    const ahri = (AHRI_UPGRADES as readonly string[]).includes(upgrade);
    return fc.record({
      reservation_id: fc.constant('set per run'),
      upgrade_type: fc.constant(upgrade),
      vendor_id: text(6, 64),
      contractor_company_name: text(1, 64),
      contractor_name: text(1, 64),
      is_contractor_eligible: fc.constant(true as const),
      equipment_and_material_cost: money(),
      installation_cost: money(final ? 0 : 1),
      rebate_deducted: money(),
      is_point_of_sale_rebate: fc.boolean(),
      is_final_project_redemption: fc.constant(final),
      project_completion_date: final ? date : fc.constant(undefined),
      post_retrofit_inspection_passed: fc.constantFrom(...YES_NO_NA),
      safety_checks: fc.record({
        ambient_co_test_result: fc.constantFrom(...TEST_RESULTS),
        undiluted_co_test_result: fc.constantFrom(...TEST_RESULTS),
        gas_leak_detection_test_result: fc.constantFrom(...TEST_RESULTS),
        spillage_test_result: fc.constantFrom(...TEST_RESULTS),
        venting_test_result: fc.constantFrom(...TEST_RESULTS),
        ashrae_62_2_ventilation_calculated: fc.constantFrom(...YES_NO_NA),
        signs_of_mold_or_moisture: fc.constantFrom(...YES_NO_NA),
        roof_condition: fc.constantFrom(...CONDITIONS),
        drainage_system_condition: fc.constantFrom(...CONDITIONS),
        confirm_all_safety_check_results_disclosed_to_homeowner: fc.constantFrom(...YES_NO_NA),
      }),
      product_info: fc.array(
        fc.record({
          manufacturer: words(64),
          model_number: text(1, 64),
          ahri_reference_number: ahri ? opt(pattern(/^\d{6,9}$/)) : fc.constant(undefined),
          upc: opt(pattern(/^\d{1,14}$/)),
          product_description: opt(text(1, 50)),
          count: opt(fc.integer({ min: 1, max: 10_000 })),
        }),
        { minLength: 1, maxLength: 3 },
      ),
      files: opt(
        fc.array(
          fc.record({
            file_name: pattern(/^[0-9a-zA-Z\-.()_ ]{2,64}$/),
            file_type: fc.constantFrom(...FILE_TYPES),
            file_purpose: fc.constantFrom(...FILE_PURPOSES),
            description: opt(text(1, 500)),
            reference: text(1, 500),
          }),
          { maxLength: 3 },
        ),
      ),
    });
  })
  .map((r) => wire(r as unknown) as Redemption);

type Schema = { type?: string; required?: readonly string[]; properties?: Record<string, Schema>; items?: Schema };
/** The paths of the fields a schema requires of a value, nested objects and array items included. */
function requiredPaths(schema: Schema, value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (schema.type === 'array' && Array.isArray(value) && schema.items) {
    const items = schema.items;
    return value.flatMap((item, i) => requiredPaths(items, item, [...at, i]));
  }
  if (schema.type !== 'object' || typeof value !== 'object' || value === null) return [];
  const record = value as Record<string, unknown>;
  return [
    ...(schema.required ?? []).map((field) => [...at, field]),
    ...Object.entries(schema.properties ?? {}).flatMap(([field, sub]) =>
      record[field] === undefined ? [] : requiredPaths(sub, record[field], [...at, field]),
    ),
  ];
}
/** The value without the field at `path`. */
function without<T>(value: T, path: (string | number)[]): T {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  const parent = path.slice(0, -1).reduce<Record<string | number, unknown>>((o, k) => o[k] as never, copy);
  delete parent[path[path.length - 1]];
  return copy as T;
}
const pointer = (path: (string | number)[]) => path.map((p) => `/${p}`).join('');

describe('properties', () => {
  it('any reservation built from the contract is accepted; without any required field it is refused there', async () => {
    expect(requiredPaths(RESERVATION_SCHEMA, reservation())).toContainEqual(['address', 'zip_code']);
    await fc.assert(
      fc.asyncProperty(reservationArb, fc.nat(), async (record, pick) => {
        expect(checkReservation(record)).toEqual({ ok: record });
        const res = await reserve(record);
        expect(res.status).toBe(201);
        expect((await send('DELETE', `/api/reservations/${res.body.reservation_id as string}`)).status).toBe(200);

        const paths = requiredPaths(RESERVATION_SCHEMA, record);
        const path = paths[pick % paths.length];
        const refused = await reserve(without(record, path));
        expect(refused.status).toBe(422);
        expect(refused.body.errors).toContainEqual({
          path: pointer(path),
          message: `must have required property '${path[path.length - 1]}'`,
        });
      }),
      { numRuns: 150 },
    );
  });

  it('any redemption built from the contract is accepted; without any required field it is refused there', async () => {
    await fc.assert(
      fc.asyncProperty(redemptionArb, fc.nat(), async (built, pick) => {
        const id = await reserved(
          reservation({ upgrade_type: built.upgrade_type, reservation_amount: Math.max(built.rebate_deducted, 0.01) }),
        );
        const record = { ...built, reservation_id: id };
        expect(checkRedemption(record)).toEqual({ ok: record });
        const paths = requiredPaths(REDEMPTION_SCHEMA, record);
        const path = paths[pick % paths.length];
        const refused = await redeem(without(record, path));
        expect(refused.status).toBe(422);
        expect(refused.body.errors).toContainEqual({
          path: pointer(path),
          message: `must have required property '${path[path.length - 1]}'`,
        });
        const res = await redeem(record);
        expect(res.status).toBe(201);
        expect(res.body.reservation_id).toBe(id);
      }),
      { numRuns: 150 },
    );
  });
});

describe('the CLI', () => {
  it('prints its URL, serves, and stops cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'sim/tracking/main.ts'], {
      cwd: `${import.meta.dirname}/../..`,
      env: { ...process.env, TRACKING_SIM_PORT: '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      let out = '';
      for await (const chunk of child.stdout) {
        out += String(chunk);
        if (out.includes('\n')) break;
      }
      expect(out).toMatch(/^Simulated DOE rebate tracking tool on http:\/\/127\.0\.0\.1:\d+\n$/);
      const url = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1] ?? '';
      expect(await (await fetch(`${url}/api/health`)).json()).toEqual({ ok: true });
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      expect(await exited).toEqual([0, null]);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
