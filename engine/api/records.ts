/**
 * Answers about a job's records: its attachments and its history, as JSON Schemas written once
 * (openapi.json, the API tests' answer check, and both sides' types).
 */

import { FIELD_MESSAGES, itemsOf, NULLABLE_INTEGER, NULLABLE_STRING } from './schema-parts.ts';
import type { FromSchema } from 'json-schema-to-ts';

const ATTACHMENT_REFERENCE_PROPERTIES = {
  id: { type: 'string' },
  name: { type: 'string' },
  content_type: { type: 'string' },
  size_bytes: { type: 'integer', minimum: 0 },
  /** Where and when a photo was taken (absent when its EXIF does not say). */
  lat: { type: 'number' },
  lon: { type: 'number' },
  taken_at: { type: 'string' },
} as const;

/** An upload field's value in a task's data: the reference the form keeps (only the id is required). */
export const ATTACHMENT_REFERENCE = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: ATTACHMENT_REFERENCE_PROPERTIES,
} as const;
export type AttachmentReference = FromSchema<typeof ATTACHMENT_REFERENCE>;

/** POST /api/jobs/{job_id}/attachments: the reference the form keeps, and the upload's warnings (a far geotag). */
export const UPLOADED = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'content_type', 'size_bytes', 'warnings'],
  properties: {
    ...ATTACHMENT_REFERENCE_PROPERTIES,
    warnings: FIELD_MESSAGES,
  },
} as const;

export type Uploaded = FromSchema<typeof UPLOADED>;

/** An attachment as listed and read: the reference plus where it belongs, when and by whom. */
export const ATTACHMENT = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'name',
    'content_type',
    'size_bytes',
    'job_id',
    'task_id',
    'field',
    'created_at',
    'created_by',
    'created_by_name',
  ],
  properties: {
    ...ATTACHMENT_REFERENCE_PROPERTIES,
    job_id: { type: 'integer' },
    task_id: { type: 'string' },
    field: { type: 'string' },
    created_at: { type: 'string' },
    created_by: NULLABLE_INTEGER,
    created_by_name: NULLABLE_STRING,
  },
} as const;
export type AttachmentView = FromSchema<typeof ATTACHMENT>;
export const ATTACHMENTS = itemsOf(ATTACHMENT);
export type Attachments = FromSchema<typeof ATTACHMENTS>;

/** One record of a job's history (its detail by record type; internal parts only for ops). */
export const HISTORY_ITEM = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'job_id', 'type', 'user_id', 'user_name', 'at', 'detail'],
  properties: {
    id: { type: 'integer' },
    job_id: { type: 'integer' },
    type: { type: 'string' },
    user_id: NULLABLE_INTEGER,
    user_name: NULLABLE_STRING,
    at: { type: 'string' },
    detail: { type: ['object', 'null'] },
  },
} as const;
export type HistoryItem = FromSchema<typeof HISTORY_ITEM>;
/** GET /api/jobs/{job_id}/history: the records, newest first; `message` when there are none. */
export const HISTORY = {
  type: 'object',
  additionalProperties: false,
  required: ['items'],
  properties: { items: { type: 'array', items: HISTORY_ITEM }, message: { type: 'string' } },
} as const;
export type History = FromSchema<typeof HISTORY>;

/** POST /api/jobs/{job_id}/quality/{review_id}/attachments: a photo for a field of an inspection checklist. */
export const CHECKLIST_UPLOAD_FORM = {
  type: 'object',
  required: ['file', 'form', 'field'],
  properties: { file: { type: 'string', format: 'binary' }, form: { type: 'string' }, field: { type: 'string' } },
} as const;

/** POST /api/jobs/{job_id}/attachments: a multipart form (the call reads it as it streams, with a size limit). */
export const UPLOAD_FORM = {
  type: 'object',
  required: ['file', 'task_id', 'field'],
  properties: { file: { type: 'string', format: 'binary' }, task_id: { type: 'string' }, field: { type: 'string' } },
} as const;
