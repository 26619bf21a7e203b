/**
 * What a state reports to DOE's rebate tracking tool for a HEAR (Home Electrification and Appliance Rebates) rebate,
 * as our own contracts: JSON Schemas (draft-07 style, every object closed) written once, the types derived from them.
 * A reservation sets an amount aside for one upgrade at one home; redemptions report the installed work against it; a
 * monthly bulk file carries a state program's reservations and redemptions of one month.
 *
 * They are a subset of the schemas PNNL publishes for the tool (github.com/pnnl/IRA-Rebates-API, json_schemas/, the
 * version for the Data and Tools Requirements Guide v1.2; HEAR is the API's "electric" family), with the field names
 * and enum values spelled as there, so pointing at the real API is a matter of mapping, not renaming:
 *
 * RESERVATION_SCHEMA follows electricReservationsPayload.schema.json, its fields as definitions.schema.json defines
 *   them, and its conditions (which fields each building_project_type needs or forbids, floor area or bedrooms by
 *   upgrade_type, contractor-only upgrades, contractor incentives). The API takes the applicant
 *   (applicantIdsPayload.schema.json) and the address (addressServicePayload.schema.json) in calls of their own and
 *   answers applicant_id and address_id; here both are given inline as `applicant` and `address`.
 *   Left out: address_id and applicant_id (inline instead), original_component_details (the replaced equipment, one
 *   schema per upgrade type), upgrade_subtype (state-specific), vendor_id (optional there), the air-sealing case of
 *   the contractor-only rule (it reads original_component_details).
 *   Ours, not PNNL's: `program` and `state` (the API knows both from the caller's credentials; its answers carry
 *   `state`), applicant.first_name, and project_reservation_date as input (the API dates reservations itself and
 *   answers the date). Required here though optional there: reservation_amount (the API would compute one) and
 *   is_disadvantaged_community (the API would look it up by address), as no rules engine or address service is here.
 *   Stricter here: the address needs street_number, street, city, state and zip_code (PNNL: city, county or zip),
 *   dates must be real calendar days, free text has length limits PNNL leaves open.
 * REDEMPTION_SCHEMA follows electricInstallRedemptionsPayload.schema.json (costs, rebate_deducted, the contractor and
 *   the eligibility attestation, final redemption and completion date, post-retrofit inspection, safety_checks as
 *   definitions.schema.json#safety_checks), with product_info as electricProductRedemptionsPayload.schema.json and
 *   electricBulkReportingPayload.schema.json carry it (AHRI reference numbers for heat pumps and heat pump water
 *   heaters only), and files as electricFilesPayload.schema.json describes them.
 *   Left out: upgrade_component_details (per-upgrade details of the installed equipment, one schema per upgrade type),
 *   product redemptions (DIY purchases, purchase_date) and vendor coupon redemptions.
 *   Ours, not PNNL's: reservation_id (a path parameter there), is_point_of_sale_rebate (PNNL says only, in
 *   rebate_deducted's definition, that it is the amount taken off the applicant's invoice), product_info[].manufacturer
 *   (PNNL identifies products by model number, AHRI reference or UPC only: drop it when sending), files[].reference
 *   (where our copy of the file is; the API takes the content base64-encoded, one file per call).
 * BULK_FILE_SCHEMA: PNNL's electricBulkReportingPayload.schema.json is a bare array of combined rebates (reservation
 *   and redemption fields in one item). Ours is an envelope naming the state, the program and the month, whose records
 *   are each a reservation or a redemption as above.
 *
 * Amounts are dollars with cents (multipleOf 0.01, as PNNL): a validator needs a tolerance for binary fractions
 * (ajv: multipleOfPrecision). This module imports nothing but types: the engine runs in the browser too.
 */

import type { FromSchema } from 'json-schema-to-ts';

/** The upgrades HEAR rebates pay for (PNNL upgrade_type). */
export const UPGRADE_TYPES = [
  'ELECTRICAL_PANEL',
  'ELECTRIC_COOKING_APPLIANCE',
  'ELECTRIC_WIRING',
  'HEAT_PUMP_CLOTHES_DRYER',
  'HEAT_PUMP_FOR_SPACE_HEATING_OR_COOLING',
  'HEAT_PUMP_WATER_HEATER',
  'INSULATION_AIR_SEALING_VENTILATION',
] as const;

/** The building, and for multifamily whether the upgrade is the building's or one unit's (PNNL
 * electric_building_project_type). */
export const BUILDING_TYPES = [
  'MANUFACTURED',
  'MULTIFAMILY_CENTRAL',
  'MULTIFAMILY_IN_UNIT',
  'MULTIFAMILY_IN_UNIT_PART_OF_BUILDING_PROJECT',
  'SINGLE_FAMILY_ATTACHED',
  'SINGLE_FAMILY_DETACHED',
] as const;

/** Who claims the rebate for the household: its tenure (owner, renter, landlord) or an agent (PNNL
 * electric_claimant_type). */
export const CLAIMANT_TYPES = ['CONTRACTOR', 'HOMEOWNER', 'MULTIFAMILY_BUILDING_OWNER', 'OTHER', 'TENANT'] as const;

/** Household (or building) income against the area median income (PNNL electric_dwelling_unit_income_bucket). */
export const INCOME_BUCKETS = ['LESS_THAN_80%_AMI', '80%_AND_GREATER_BUT_LESS_THAN_150%_AMI'] as const;

export const CONSTRUCTION_TYPES = ['EXISTING', 'NEW'] as const;
export const INSTALLATION_TYPES = ['CONTRACTOR_INSTALLED', 'DO_IT_YOURSELF'] as const;

/** A dwelling unit's conditioned floor area, banded (PNNL sf_conditioned_floor_area). */
export const FLOOR_AREA_BANDS = ['LESS_THAN_500SF', '500SF_1500SF', '1500SF_2500SF', 'GREATER_THAN_2500SF'] as const;

/** The programs these contracts report; the API serves HEAR under its /electric/ paths. */
export const PROGRAMS = ['HEAR'] as const;

/** States, districts and territories, by their two-letter codes (the address service's list). */
// prettier-ignore
export const STATE_CODES = [
  'AA', 'AE', 'AK', 'AL', 'AP', 'AR', 'AS', 'AZ', 'CA', 'CO', 'CT', 'DC', 'DE', 'FL', 'FM', 'GA', 'GU', 'HI', 'IA',
  'ID', 'IL', 'IN', 'KS', 'KY', 'LA', 'MA', 'MD', 'ME', 'MH', 'MI', 'MN', 'MO', 'MP', 'MS', 'MT', 'NC', 'ND', 'NE',
  'NH', 'NJ', 'NM', 'NV', 'NY', 'OH', 'OK', 'OR', 'PA', 'PR', 'PW', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VA', 'VI',
  'VT', 'WA', 'WI', 'WV', 'WY',
] as const;

/** A combustion safety test's result (PNNL safety_checks_passed_failed_warning_na). */
export const TEST_RESULTS = ['FAILED', 'NA', 'PASSED', 'WARNING'] as const;
/** PNNL safety_checks_yes_no_na. */
export const YES_NO_NA = ['NA', 'NO', 'YES'] as const;
/** A roof's or drainage's condition (PNNL safety_checks_good_potential_issues_na). */
export const CONDITIONS = ['GOOD', 'NA', 'POTENTIAL_ISSUES'] as const;

export const FILE_TYPES = ['HEIC', 'JPEG', 'PDF', 'PNG'] as const;
export const FILE_PURPOSES = ['QUALITY_ASSURANCE'] as const;

/** The kinds of record in a bulk file. */
export const RECORD_TYPES = ['RESERVATION', 'REDEMPTION'] as const;

/** The upgrades only a contractor may install (the reservation must say CONTRACTOR_INSTALLED). */
export const CONTRACTOR_ONLY_UPGRADES = [
  'ELECTRICAL_PANEL',
  'ELECTRIC_WIRING',
  'HEAT_PUMP_FOR_SPACE_HEATING_OR_COOLING',
] as const;
/** The upgrades whose products may carry an AHRI reference number. */
export const AHRI_UPGRADES = ['HEAT_PUMP_FOR_SPACE_HEATING_OR_COOLING', 'HEAT_PUMP_WATER_HEATER'] as const;
/** The building types of one dwelling (single-family income bucket, no multifamily counts). */
export const SINGLE_FAMILY_TYPES = ['MANUFACTURED', 'SINGLE_FAMILY_ATTACHED', 'SINGLE_FAMILY_DETACHED'] as const;

/** Dollars and cents, not negative. */
const DOLLARS = { type: 'number', minimum: 0, multipleOf: 0.01 } as const;
/** A calendar date YYYY-MM-DD (PNNL checks the shape only; this the month's and day's ranges too). */
const DATE = { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' } as const;
/** Free text of one to `max` characters. */
const text = <const Max extends number>(max: Max) => ({ type: 'string', minLength: 1, maxLength: max }) as const;
/** Free text with something besides spaces in it. */
const words = <const Max extends number>(max: Max) => ({ ...text(max), pattern: '\\S' }) as const;

const STATE = { type: 'string', enum: STATE_CODES } as const;
const PROGRAM = { type: 'string', enum: PROGRAMS } as const;
const UPGRADE_TYPE = { type: 'string', enum: UPGRADE_TYPES } as const;
const INCOME_BUCKET = { type: 'string', enum: INCOME_BUCKETS } as const;

/** The person who benefits from the rebate (PNNL applicantIdsPayload). */
const APPLICANT = {
  type: 'object',
  additionalProperties: false,
  required: ['last_name', 'email', 'phone'],
  properties: {
    first_name: { ...text(64), pattern: "^[a-zA-Z\\-\\s']+$" },
    last_name: { ...text(64), pattern: "^[a-zA-Z\\-\\s']+$" },
    /** An address, or NOT AVAILABLE (then the phone must be a number). */
    email: { type: 'string', maxLength: 254, pattern: '^(NOT AVAILABLE|[^\\s@]+@[^\\s@]+\\.[^\\s@]+)$' },
    /** Ten digits, or NOT AVAILABLE (then the email must be an address). */
    phone: { type: 'string', pattern: '^(\\d{10}|NOT AVAILABLE)$' },
  },
  allOf: [
    {
      $comment: 'Email and phone may not both be NOT AVAILABLE.',
      if: { required: ['email'], properties: { email: { const: 'NOT AVAILABLE' } } },
      then: { properties: { phone: { pattern: '^\\d{10}$' } } },
    },
  ],
} as const;

/** Where the upgrade is installed (PNNL addressServicePayload). */
const ADDRESS = {
  type: 'object',
  additionalProperties: false,
  required: ['street_number', 'street', 'city', 'state', 'zip_code'],
  properties: {
    street_number: { ...text(12), pattern: '^[0-9a-zA-Z/\\- ]+$' },
    street: words(100),
    city: words(64),
    county: words(64),
    state: STATE,
    zip_code: { type: 'string', pattern: '^\\d{5}$' },
  },
} as const;

/** A condition on `field`'s value: the `if` of a rule, which holds only when the field is there. */
const when = <const Field extends string, const Values extends readonly string[]>(field: Field, values: Values) =>
  ({ required: [field], properties: { [field]: { enum: values } } }) as const;

/** The reservation's rules between fields, as PNNL states them (building type, upgrade type, installer). */
const RESERVATION_RULES = [
  {
    $comment: 'A whole multifamily building: the building income bucket and unit counts, no dwelling unit.',
    if: when('building_project_type', ['MULTIFAMILY_CENTRAL']),
    then: {
      required: ['mf_building_income_bucket', 'num_units', 'num_units_meeting_income_bucket'],
      properties: { dwelling_unit_income_bucket: false, unit_name_or_number: false },
    },
  },
  {
    $comment: 'One unit, part of a building project: the building income bucket, unit counts, the project and unit.',
    if: when('building_project_type', ['MULTIFAMILY_IN_UNIT_PART_OF_BUILDING_PROJECT']),
    then: {
      required: ['mf_building_income_bucket', 'num_units', 'num_units_meeting_income_bucket', 'project_id'],
      properties: { dwelling_unit_income_bucket: false },
    },
  },
  {
    $comment: 'One unit on its own: the household income bucket, the number of units, no building counts.',
    if: when('building_project_type', ['MULTIFAMILY_IN_UNIT']),
    then: {
      required: ['dwelling_unit_income_bucket', 'num_units'],
      properties: {
        mf_building_income_bucket: false,
        num_occupied_units: false,
        num_units_meeting_income_bucket: false,
      },
    },
  },
  {
    $comment: 'One dwelling: the household income bucket, no multifamily counts.',
    if: when('building_project_type', SINGLE_FAMILY_TYPES),
    then: {
      required: ['dwelling_unit_income_bucket'],
      properties: {
        mf_building_income_bucket: false,
        num_occupied_units: false,
        num_units: false,
        num_units_meeting_income_bucket: false,
      },
    },
  },
  {
    $comment: 'Multifamily units are named (PNNL requires it for both in-unit types).',
    if: when('building_project_type', ['MULTIFAMILY_IN_UNIT', 'MULTIFAMILY_IN_UNIT_PART_OF_BUILDING_PROJECT']),
    then: { required: ['unit_name_or_number'] },
  },
  {
    $comment: 'Space heating and cooling, and the envelope, are sized by conditioned floor area.',
    if: when('upgrade_type', ['HEAT_PUMP_FOR_SPACE_HEATING_OR_COOLING', 'INSULATION_AIR_SEALING_VENTILATION']),
    then: {
      if: when('building_project_type', ['MULTIFAMILY_CENTRAL']),
      then: { required: ['mf_conditioned_floor_area'] },
      else: { required: ['sf_conditioned_floor_area'] },
    },
  },
  {
    $comment: 'Water heaters and clothes dryers are sized by bedrooms.',
    if: when('upgrade_type', ['HEAT_PUMP_CLOTHES_DRYER', 'HEAT_PUMP_WATER_HEATER']),
    then: {
      if: when('building_project_type', ['MULTIFAMILY_CENTRAL']),
      then: { required: ['mf_num_bedrooms'] },
      else: { required: ['sf_num_bedrooms'] },
    },
  },
  {
    $comment: 'Panels, wiring and heat pumps for space conditioning are installed by a contractor.',
    if: when('upgrade_type', CONTRACTOR_ONLY_UPGRADES),
    then: { properties: { installation_type: { const: 'CONTRACTOR_INSTALLED' } } },
  },
  {
    $comment: 'A contractor installation states the contractor incentive (and the DAC one in a DAC); DIY neither.',
    if: when('installation_type', ['CONTRACTOR_INSTALLED']),
    then: {
      required: ['contractor_incentive'],
      if: { required: ['is_disadvantaged_community'], properties: { is_disadvantaged_community: { const: true } } },
      then: { required: ['contractor_dac_incentive'] },
    },
    else: { properties: { contractor_incentive: false, contractor_dac_incentive: false } },
  },
] as const;

/** A reservation: an amount set aside for one upgrade at one home (POST /electric/reservations). */
export const RESERVATION_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: [
    'program',
    'state',
    'project_reservation_date',
    'applicant',
    'address',
    'building_project_type',
    'claimant_type',
    'construction_type',
    'installation_type',
    'upgrade_type',
    'is_disadvantaged_community',
    'reservation_amount',
    'energy_data_evaluation_permission',
    'state_attests_proof_of_identity_ownership_income',
  ],
  properties: {
    program: PROGRAM,
    state: STATE,
    /** The state's own id for the rebate, its choice of format. */
    external_rebate_id: text(64),
    project_reservation_date: DATE,
    applicant: APPLICANT,
    address: ADDRESS,
    /** The unit in a multifamily building, or the lot where homes share a street address ("7B", not "APT 7B"). */
    unit_name_or_number: text(32),
    building_project_type: { type: 'string', enum: BUILDING_TYPES },
    claimant_type: { type: 'string', enum: CLAIMANT_TYPES },
    construction_type: { type: 'string', enum: CONSTRUCTION_TYPES },
    installation_type: { type: 'string', enum: INSTALLATION_TYPES },
    upgrade_type: UPGRADE_TYPE,
    /** The household's bucket (single-family types and a multifamily unit on its own). */
    dwelling_unit_income_bucket: INCOME_BUCKET,
    /** The lowest bucket that at least half the building's households fall in or below (building projects). */
    mf_building_income_bucket: INCOME_BUCKET,
    num_units: { type: 'integer', minimum: 2, maximum: 1000 },
    num_occupied_units: { type: 'integer', minimum: 0, maximum: 1000 },
    num_units_meeting_income_bucket: { type: 'integer', minimum: 1, maximum: 1000 },
    /** Ties the reservations of one multifamily building project together (a UUID is a fine choice). */
    project_id: { type: 'string', minLength: 6, maxLength: 36 },
    sf_conditioned_floor_area: { type: 'string', enum: FLOOR_AREA_BANDS },
    mf_conditioned_floor_area: { type: 'integer', minimum: 1000, maximum: 1_000_000 },
    sf_num_bedrooms: { type: 'integer', minimum: 0, maximum: 20 },
    mf_num_bedrooms: { type: 'integer', minimum: 0, maximum: 10_000 },
    /** Whether the home is in a disadvantaged community (DAC). */
    is_disadvantaged_community: { type: 'boolean' },
    /** The rebate set aside, without any contractor incentive. */
    reservation_amount: { type: 'number', exclusiveMinimum: 0, multipleOf: 0.01 },
    /** What the state pays the contractor, apart from the rebate. */
    contractor_incentive: DOLLARS,
    contractor_dac_incentive: DOLLARS,
    /** The owner lets the state and DOE use the home's energy data for evaluation. */
    energy_data_evaluation_permission: { type: 'boolean' },
    /** The state has proof of the applicant's identity, ownership (or tenancy) and income. */
    state_attests_proof_of_identity_ownership_income: { type: 'boolean', const: true },
  },
  allOf: RESERVATION_RULES,
} as const;
export type Reservation = FromSchema<typeof RESERVATION_SCHEMA>;

/** The health and safety checks done at the home (PNNL definitions#safety_checks). */
const SAFETY_CHECKS = {
  type: 'object',
  additionalProperties: false,
  required: [
    'ambient_co_test_result',
    'undiluted_co_test_result',
    'gas_leak_detection_test_result',
    'spillage_test_result',
    'venting_test_result',
    'ashrae_62_2_ventilation_calculated',
    'signs_of_mold_or_moisture',
    'roof_condition',
    'drainage_system_condition',
    'confirm_all_safety_check_results_disclosed_to_homeowner',
  ],
  properties: {
    /** The combustion tests are NA in a home without combustion appliances after the work. */
    ambient_co_test_result: { type: 'string', enum: TEST_RESULTS },
    undiluted_co_test_result: { type: 'string', enum: TEST_RESULTS },
    gas_leak_detection_test_result: { type: 'string', enum: TEST_RESULTS },
    spillage_test_result: { type: 'string', enum: TEST_RESULTS },
    venting_test_result: { type: 'string', enum: TEST_RESULTS },
    ashrae_62_2_ventilation_calculated: { type: 'string', enum: YES_NO_NA },
    signs_of_mold_or_moisture: { type: 'string', enum: YES_NO_NA },
    roof_condition: { type: 'string', enum: CONDITIONS },
    drainage_system_condition: { type: 'string', enum: CONDITIONS },
    confirm_all_safety_check_results_disclosed_to_homeowner: { type: 'string', enum: YES_NO_NA },
  },
} as const;

/** One installed product (PNNL product_info item, plus the manufacturer). */
const PRODUCT = {
  type: 'object',
  additionalProperties: false,
  required: ['manufacturer', 'model_number'],
  properties: {
    manufacturer: words(64),
    model_number: text(64),
    /** The AHRI certificate's reference number: heat pumps and heat pump water heaters only. */
    ahri_reference_number: { type: 'string', pattern: '^\\d{6,9}$' },
    upc: { type: 'string', pattern: '^\\d{1,14}$' },
    product_description: text(50),
    count: { type: 'integer', minimum: 1, maximum: 10_000 },
  },
} as const;

/** A file kept for quality assurance, by reference (PNNL electricFilesPayload, without the content). */
const QA_FILE = {
  type: 'object',
  additionalProperties: false,
  required: ['file_name', 'file_type', 'file_purpose', 'reference'],
  properties: {
    file_name: { type: 'string', minLength: 2, maxLength: 64, pattern: '^[0-9a-zA-Z\\-.()_ ]+$' },
    file_type: { type: 'string', enum: FILE_TYPES },
    file_purpose: { type: 'string', enum: FILE_PURPOSES },
    description: text(500),
    /** Where the file is: our attachment id or URL. */
    reference: text(500),
  },
} as const;

/** A redemption: installed work reported against a reservation (POST /electric/reservations/{id}/install-redemptions
 * there). */
export const REDEMPTION_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: [
    'reservation_id',
    'upgrade_type',
    'vendor_id',
    'contractor_company_name',
    'contractor_name',
    'is_contractor_eligible',
    'equipment_and_material_cost',
    'installation_cost',
    'rebate_deducted',
    'is_point_of_sale_rebate',
    'is_final_project_redemption',
    'post_retrofit_inspection_passed',
    'safety_checks',
    'product_info',
  ],
  properties: {
    /** The reservation redeemed: the id the tracking tool answered for it. */
    reservation_id: text(64),
    upgrade_type: UPGRADE_TYPE,
    /** The state's id of whom it reimburses for this redemption. */
    vendor_id: { type: 'string', minLength: 6, maxLength: 64 },
    contractor_company_name: text(64),
    contractor_name: text(64),
    /** The state attests that the contractor is on its list of eligible contractors. */
    is_contractor_eligible: { type: 'boolean', const: true },
    /** Equipment and materials; installation labor apart. */
    equipment_and_material_cost: DOLLARS,
    installation_cost: DOLLARS,
    /** The rebate: the amount taken off what the applicant was invoiced. */
    rebate_deducted: DOLLARS,
    /** Whether the rebate reached the applicant at the point of sale (taken off the invoice) rather than paid later. */
    is_point_of_sale_rebate: { type: 'boolean' },
    /** No more redemptions will follow: the project is complete (and the rest of the reservation is freed). */
    is_final_project_redemption: { type: 'boolean' },
    /** On the final redemption only. */
    project_completion_date: DATE,
    /** If a post-retrofit inspection failed, its issues were fixed before the rebate was paid. */
    post_retrofit_inspection_passed: { type: 'string', enum: YES_NO_NA },
    safety_checks: SAFETY_CHECKS,
    product_info: { type: 'array', minItems: 1, maxItems: 50, items: PRODUCT },
    files: { type: 'array', maxItems: 50, items: QA_FILE },
  },
  allOf: [
    {
      $comment: 'The completion date comes with the final redemption and only with it.',
      if: { required: ['is_final_project_redemption'], properties: { is_final_project_redemption: { const: true } } },
      then: { required: ['project_completion_date'] },
      else: { properties: { project_completion_date: false, installation_cost: { exclusiveMinimum: 0 } } },
    },
    {
      $comment: 'AHRI reference numbers belong to heat pumps and heat pump water heaters.',
      if: { not: when('upgrade_type', AHRI_UPGRADES) },
      then: { properties: { product_info: { items: { properties: { ahri_reference_number: false } } } } },
    },
  ],
} as const;
export type Redemption = FromSchema<typeof REDEMPTION_SCHEMA>;

/** A bulk file's record: a reservation. */
export const RESERVATION_RECORD_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['record_type', 'reservation'],
  properties: { record_type: { type: 'string', const: 'RESERVATION' }, reservation: RESERVATION_SCHEMA },
} as const;

/** A bulk file's record: a redemption. */
export const REDEMPTION_RECORD_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['record_type', 'redemption'],
  properties: { record_type: { type: 'string', const: 'REDEMPTION' }, redemption: REDEMPTION_SCHEMA },
} as const;

/** A state program's monthly file: the reservations and redemptions of one month (POST /electric/reporting). */
export const BULK_FILE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['state', 'program', 'reporting_month', 'records'],
  properties: {
    state: STATE,
    program: PROGRAM,
    /** YYYY-MM. */
    reporting_month: { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' },
    records: { type: 'array', minItems: 1, items: { oneOf: [RESERVATION_RECORD_SCHEMA, REDEMPTION_RECORD_SCHEMA] } },
  },
} as const;
export type BulkFile = FromSchema<typeof BULK_FILE_SCHEMA>;
export type BulkRecord = BulkFile['records'][number];
