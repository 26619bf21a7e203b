/**
 * A paid job's completion record on the wire (issue 44): the job detail says whether it is issued (its SHA-256 and
 * when), and the public verify page reads what a record with a given SHA-256 covers. That answer names nobody: no
 * homeowner, no address, no file name; only the program, the dates and the kinds and hashes of the files listed.
 */

import type { FromSchema } from 'json-schema-to-ts';

/** What a file listed in a record is. */
export const RECORD_FILE_KINDS = ['photo', 'signed_document', 'file'] as const;

/** A SHA-256 in hex, as the verify route reads it. */
export const SHA256_HEX = /^[0-9a-f]{64}$/;

/** The job detail's `completion_record`: null until the worker issued it. */
export const COMPLETION_RECORD_SUMMARY = {
  anyOf: [
    { type: 'null' },
    {
      type: 'object',
      additionalProperties: false,
      required: ['sha256', 'issued_at', 'size_bytes', 'file_count'],
      properties: {
        sha256: { type: 'string' },
        issued_at: { type: 'string' },
        size_bytes: { type: 'integer', minimum: 0 },
        /** How many files the record lists with their hashes. */
        file_count: { type: 'integer', minimum: 0 },
      },
    },
  ],
} as const;
export type CompletionRecordSummary = FromSchema<typeof COMPLETION_RECORD_SUMMARY>;

/** What a record covers, as stored beside it and as the verify page says it. */
export const RECORD_COVERS = {
  type: 'object',
  additionalProperties: false,
  required: ['program', 'paid_on', 'sections', 'files'],
  properties: {
    /** The program's name. */
    program: { type: 'string' },
    /** The day the rebate was paid (null when the payment task gave no date). */
    paid_on: { type: ['string', 'null'] },
    /** The record's sections, by title. */
    sections: { type: 'array', items: { type: 'string' } },
    /** Every file the record lists: its kind and SHA-256 (never its name). */
    files: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['kind', 'sha256'],
        properties: { kind: { enum: RECORD_FILE_KINDS }, sha256: { type: 'string' } },
      },
    },
  },
} as const;
export type RecordCovers = FromSchema<typeof RECORD_COVERS>;

/** GET /api/verify/{sha256}: the record with that SHA-256 (404 when the portal issued none). */
export const RECORD_VERIFICATION = {
  type: 'object',
  additionalProperties: false,
  required: ['sha256', 'issued_at', 'size_bytes', 'covers'],
  properties: {
    sha256: { type: 'string' },
    issued_at: { type: 'string' },
    size_bytes: { type: 'integer', minimum: 0 },
    covers: RECORD_COVERS,
  },
} as const;
export type RecordVerification = FromSchema<typeof RECORD_VERIFICATION>;

/** What the verify page and the API say. */
export const VERIFY_MESSAGES = {
  unknown: 'The portal issued no completion record with this fingerprint (SHA-256).',
  not_issued: 'The completion record is issued once the job is paid.',
  matches: 'This file is the completion record, unchanged since it was issued.',
  listed: (kind: string) => `This file is listed in the record (${kind}), unchanged.`,
  differs:
    'This file does not match: it is not this completion record, or it was changed after it was issued, nor is it one of the files the record lists.',
} as const;
