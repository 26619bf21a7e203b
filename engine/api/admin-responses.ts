/**
 * Answers of the admin calls, as JSON Schemas written once: openapi.json carries them as the 2xx
 * schema, the API tests check every real answer against them, and both sides' types derive from them.
 */

import { idName, itemsOf, pageOf } from './schema-parts.ts';
import type { FromSchema } from 'json-schema-to-ts';
import { ANNOUNCEMENT, CONTRACTOR_CREATE, EQUIPMENT, PROVIDER, TERMS } from './admin-requests.ts';

/** An energy provider, with its preferred vendor's name. */
export const PROVIDER_ANSWER = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'type', 'states', 'preferred_vendor_id', 'preferred_vendor', 'notes', 'created_at'],
  properties: {
    id: { type: 'integer' },
    ...PROVIDER.properties,
    preferred_vendor_id: { type: ['integer', 'null'] },
    preferred_vendor: { type: ['string', 'null'] },
    notes: { type: ['string', 'null'] },
    created_at: { type: 'string' },
  },
} as const;
export type Provider = FromSchema<typeof PROVIDER_ANSWER>;
export const PROVIDER_PAGE = pageOf(PROVIDER_ANSWER);
export type ProviderPage = FromSchema<typeof PROVIDER_PAGE>;

/** A version of the terms and conditions (spec sect. 3: versioned, sections and items, created by, current flag). */
export const TERMS_ANSWER = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'version',
    'title',
    'description',
    'sections',
    'is_current',
    'restored_from',
    'created_by',
    'created_at',
  ],
  properties: {
    id: { type: 'integer' },
    version: { type: 'integer', minimum: 1 },
    ...TERMS.properties,
    is_current: { type: 'boolean' },
    /** The id of the version this one restored, if it is a restore. */
    restored_from: { type: ['integer', 'null'] },
    created_by: {
      anyOf: [
        { type: 'null' },
        {
          type: 'object',
          additionalProperties: false,
          required: ['id', 'name'],
          properties: { id: { type: 'integer' }, name: { type: 'string' } },
        },
      ],
    },
    created_at: { type: 'string' },
  },
} as const;
export type TermsVersion = FromSchema<typeof TERMS_ANSWER>;
export const TERMS_PAGE = pageOf(TERMS_ANSWER);
export type TermsPage = FromSchema<typeof TERMS_PAGE>;

/** An announcement (spec sect. 3); a stored link or image that is not https reads as null. */
export const ANNOUNCEMENT_ANSWER = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'title',
    'content',
    'valid_from',
    'valid_until',
    'video_url',
    'image_url',
    'link',
    'contractor_ids',
    'program_ids',
    'created_at',
    'updated_at',
  ],
  properties: {
    id: { type: 'integer' },
    ...ANNOUNCEMENT.properties,
    title: { type: 'string' },
    content: { type: 'string' },
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
  },
} as const;
export type AnnouncementAnswer = FromSchema<typeof ANNOUNCEMENT_ANSWER>;
export const ANNOUNCEMENT_PAGE = pageOf(ANNOUNCEMENT_ANSWER);
export type AnnouncementPage = FromSchema<typeof ANNOUNCEMENT_PAGE>;
/** GET /api/announcements/current: what a contractor's jobs list shows (no paging: at most 100). */
export const CURRENT_ANNOUNCEMENTS = itemsOf(ANNOUNCEMENT_ANSWER);
export type CurrentAnnouncements = FromSchema<typeof CURRENT_ANNOUNCEMENTS>;

/** A catalog entry (spec sect. 3 "Equipment"); fields a type does not have are null. */
export const EQUIPMENT_ANSWER = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'created_at', ...(Object.keys(EQUIPMENT.properties) as (keyof typeof EQUIPMENT.properties)[])],
  properties: {
    id: { type: 'integer' },
    ...EQUIPMENT.properties,
    manufacturer: { type: 'string' },
    model: { type: 'string' },
    created_at: { type: 'string' },
  },
} as const;
export type EquipmentAnswer = FromSchema<typeof EQUIPMENT_ANSWER>;
export const EQUIPMENT_PAGE = pageOf(EQUIPMENT_ANSWER);
export type EquipmentPage = FromSchema<typeof EQUIPMENT_PAGE>;

const { equipment_ids, ...contractorFields } = CONTRACTOR_CREATE.properties;
/** A contractor company (spec sect. 3), with its program, its open jobs and (asked for) the equipment it installs. */
export const CONTRACTOR_ANSWER = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'name',
    'address',
    'city',
    'phone',
    'email',
    'primary_contact',
    'program_id',
    'created_at',
    'program',
    'open_jobs',
  ],
  properties: {
    id: { type: 'integer' },
    ...contractorFields,
    name: { type: 'string' },
    primary_contact: { type: ['string', 'null'] },
    email: { type: ['string', 'null'] },
    phone: { type: ['string', 'null'] },
    equipment_ids,
    created_at: { type: 'string' },
    program: {
      anyOf: [
        { type: 'null' },
        {
          type: 'object',
          additionalProperties: false,
          required: ['id', 'name'],
          properties: { id: { type: 'string' }, name: { type: 'string' } },
        },
      ],
    },
    open_jobs: { type: 'integer', minimum: 0 },
  },
} as const;
export type ContractorAnswer = FromSchema<typeof CONTRACTOR_ANSWER>;
export const CONTRACTOR_PAGE = pageOf(CONTRACTOR_ANSWER);
export type ContractorPage = FromSchema<typeof CONTRACTOR_PAGE>;
/** GET /api/contractor/simple-list: ids and names. */
export const CONTRACTOR_NAMES = { type: 'array', items: idName({ type: 'integer' }) } as const;
export type ContractorNames = FromSchema<typeof CONTRACTOR_NAMES>;
