/**
 * The request bodies of the admin calls (contractors and their users, announcements, terms, energy
 * providers, the equipment catalog, preferences), as JSON Schemas written once: the server validates
 * with them, openapi.json carries them, both sides derive their types from them (json-schema-to-ts).
 */

import type { FromSchema } from 'json-schema-to-ts';
import { PHONE_PATTERN, PRODUCT_CONSTANTS, STAGE_TABS } from '../constants.ts';

/** The catalog's equipment types (one tab each). */
export const EQUIPMENT_TYPES = ['heat_pump', 'water_heater', 'other'] as const;
/** A catalog equipment type. */
export type EquipmentType = (typeof EQUIPMENT_TYPES)[number];

const CONTRACTOR_FIELDS = {
  name: { type: 'string', minLength: 1, maxLength: PRODUCT_CONSTANTS.name_max_chars },
  address: { type: ['string', 'null'], maxLength: 200 },
  city: { type: ['string', 'null'], maxLength: 100 },
  phone: { type: ['string', 'null'], pattern: PHONE_PATTERN.source },
  email: { type: ['string', 'null'], format: 'email' },
  primary_contact: { type: ['string', 'null'], maxLength: PRODUCT_CONSTANTS.name_max_chars },
  program_id: { type: ['string', 'null'] },
  equipment_ids: { type: 'array', items: { type: 'integer' }, maxItems: 500 },
} as const;
/** POST /api/contractor. */
export const CONTRACTOR_CREATE = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: CONTRACTOR_FIELDS,
} as const;
/** PUT /api/contractor/{id}. */
export const CONTRACTOR_UPDATE = {
  type: 'object',
  additionalProperties: false,
  properties: CONTRACTOR_FIELDS,
} as const;
export type ContractorCreate = FromSchema<typeof CONTRACTOR_CREATE>;

/** POST /api/contractor/invite and /invite-internal. */
export const USER_INVITE = {
  type: 'object',
  additionalProperties: false,
  required: ['email', 'name'],
  properties: {
    email: { type: 'string', format: 'email' },
    name: { type: 'string', minLength: 1, maxLength: PRODUCT_CONSTANTS.name_max_chars },
    contractor_id: { type: 'integer' },
  },
} as const;
export type UserInvite = FromSchema<typeof USER_INVITE>;

const nullableUrl = { type: ['string', 'null'], maxLength: 500, format: 'uri' } as const;
/** POST /api/announcements and PUT /api/announcements/{id}. */
export const ANNOUNCEMENT = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'content'],
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 120 },
    content: { type: 'string', minLength: 1, maxLength: 5000 },
    valid_from: { type: ['string', 'null'], format: 'date' },
    valid_until: { type: ['string', 'null'], format: 'date' },
    video_url: nullableUrl,
    image_url: nullableUrl,
    link: nullableUrl,
    contractor_ids: { type: ['array', 'null'], items: { type: 'integer' }, maxItems: 500 },
    program_ids: { type: ['array', 'null'], items: { type: 'string' }, maxItems: 20 },
  },
} as const;
export type AnnouncementBody = FromSchema<typeof ANNOUNCEMENT>;

/** POST /api/terms_and_conditions (a new version). */
export const TERMS = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'sections'],
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 200 },
    description: { type: 'string', maxLength: 5000 },
    sections: {
      type: 'array',
      maxItems: 100,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['title', 'items'],
        properties: {
          title: { type: 'string', minLength: 1, maxLength: 200 },
          items: { type: 'array', maxItems: 200, items: { type: 'string', minLength: 1, maxLength: 5000 } },
        },
      },
    },
  },
} as const;
export type TermsBody = FromSchema<typeof TERMS>;

/** POST /api/providers and PUT /api/providers/{id}. */
export const PROVIDER = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'type'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 100 },
    type: { type: 'string', enum: ['electric', 'gas', 'both'] },
    states: { type: 'array', items: { type: 'string', pattern: '^[A-Z]{2}$' }, maxItems: 60 },
    preferred_vendor_id: { type: ['integer', 'null'] },
    notes: { type: ['string', 'null'], maxLength: 2000 },
  },
} as const;
export type ProviderBody = FromSchema<typeof PROVIDER>;

const num = { type: ['number', 'null'], minimum: 0 } as const;
const text = { type: ['string', 'null'], maxLength: 100 } as const;
/** POST /api/equipment and PUT /api/equipment/{id}. */
export const EQUIPMENT = {
  type: 'object',
  additionalProperties: false,
  required: ['type', 'manufacturer', 'model'],
  properties: {
    type: { type: 'string', enum: EQUIPMENT_TYPES },
    manufacturer: { type: 'string', minLength: 1, maxLength: 100 },
    model: { type: 'string', minLength: 1, maxLength: 100 },
    ahri_id: text,
    seer: num,
    seer2: num,
    hspf: num,
    hspf2: num,
    cop: num,
    afue: num,
    uef: num,
    capacity: num,
    capacity_5f: num,
    tonnage: num,
    gallons: num,
    neep: { type: ['boolean', 'null'] },
    energy_star: { type: ['boolean', 'null'] },
    indoor_unit_manufacturer: text,
    indoor_unit_model: text,
    furnace_model: text,
    zone_type: text,
    duct_type: text,
  },
} as const;
export type EquipmentBody = FromSchema<typeof EQUIPMENT>;

/** SLA days of one stage tab, as the user_preferences form's `sla_days` says (0 to 365). */
const SLA_DAYS = { type: 'integer', minimum: 0, maximum: 365 } as const;
const SLA_DAYS_BY_TAB = Object.fromEntries(STAGE_TABS.map((t) => [t, SLA_DAYS])) as {
  [T in (typeof STAGE_TABS)[number]]: typeof SLA_DAYS;
};

/** PUT /api/preferences: the remembered client preferences (spec sect. 3). */
export const PREFERENCES = {
  type: 'object',
  additionalProperties: false,
  properties: {
    sidebar_open: { type: 'boolean' },
    job_filters: { type: 'object' },
    job_sorting: {
      type: 'object',
      additionalProperties: false,
      properties: { sort_by: { type: 'string' }, sort_direction: { type: 'string', enum: ['asc', 'desc'] } },
    },
    jobs_per_page: { type: 'integer', enum: PRODUCT_CONSTANTS.page_sizes },
    contractor_filter: { type: ['integer', 'null'] },
    programs_filter: { type: 'array', items: { type: 'string' } },
    action_owners_filter: { type: 'array', items: { type: 'string' } },
    ops_owners_filter: { type: 'array', items: { type: 'integer' } },
    contractors_per_page: { type: 'integer', enum: PRODUCT_CONSTANTS.page_sizes },
    contractor_filters: { type: 'object' },
    /** The five stage tabs in the user's order (the user_preferences form's rule: each once). */
    bucket_order: {
      type: 'array',
      items: { type: 'string', enum: STAGE_TABS },
      minItems: STAGE_TABS.length,
      maxItems: STAGE_TABS.length,
      uniqueItems: true,
    },
    /** Days a job may stay in a stage of each tab before it is highlighted; a tab left out has no limit. */
    sla_days_in_stage: { type: 'object', additionalProperties: false, properties: SLA_DAYS_BY_TAB },
  },
} as const;
export type PreferencesBody = FromSchema<typeof PREFERENCES>;

/** GET and PUT /api/preferences answer every preference, defaults filled in. */
export const PREFERENCES_ANSWER = {
  ...PREFERENCES,
  required: Object.keys(PREFERENCES.properties) as (keyof typeof PREFERENCES.properties)[],
} as const;
export type Preferences = FromSchema<typeof PREFERENCES_ANSWER>;
