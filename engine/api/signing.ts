/**
 * Document signing (spec sect. 4: Generate, Invite, Sign, Download, Upload), as JSON Schemas written once:
 * the signer's page (no account: a one-time link from the invite mail), the job's documents with each
 * signer's status, and the requests that sign, decline and resend. Statuses are the server's: no form
 * submission sets them.
 */

import type { FromSchema } from 'json-schema-to-ts';
import { NULLABLE_STRING } from './schema-parts.ts';

/** A signature's status (spec sect. 4), shown as not attempted, pending, complete, failed. */
export const SIGNATURE_STATUSES = ['not_attempted', 'pending', 'success', 'failure'] as const;
export type SignatureStatus = (typeof SIGNATURE_STATUSES)[number];

/** How a status reads (spec sect. 4). */
export const SIGNATURE_STATUS_LABELS: Record<SignatureStatus, string> = {
  not_attempted: 'not attempted',
  pending: 'pending',
  success: 'complete',
  failure: 'failed',
};

/** The signers of spec sect. 3. */
export const SIGNER_ROLES = ['homeowner', 'contractor', 'property_manager', 'company_representative'] as const;
export type SignerRole = (typeof SIGNER_ROLES)[number];
export const SIGNER_ROLE_LABELS: Record<SignerRole, string> = {
  homeowner: 'Homeowner',
  contractor: 'Contractor',
  property_manager: 'Property manager',
  company_representative: 'Company representative',
};

/** Limits of what a signer sends. */
export const SIGNING_LIMITS = {
  /** A typed signature: the signer's name as they write it. */
  typed_max_chars: 100,
  /** A drawn signature: a PNG data URL of at most this many characters (about 150 kB). */
  drawn_max_chars: 200_000,
  /** A drawn signature's width and height in pixels, each at most this (the pad exports at most 600 wide). */
  drawn_max_side: 3_000,
  reason_max_chars: 500,
} as const;

/** The signer's messages (ours: the spec gives none). */
export const SIGNING_MESSAGES = {
  link_invalid:
    'This signing link is not valid. It may have been replaced by a newer invite: please use the link in your latest email.',
  already_signed: 'This document has already been signed with this link.',
  declined: 'You declined to sign this document.',
  no_longer_needed: 'This document no longer needs your signature.',
  consent_required: 'Please agree to sign electronically.',
  terms_required: 'Please accept the terms and conditions to sign.',
  signature_required: 'Please type your name or draw your signature.',
  signature_unreadable: 'Your drawn signature could not be read. Please clear it and draw it again.',
  signature_too_large: 'Your drawn signature is too large. Please clear it and draw it again.',
  reason_required: 'Please tell us why you decline to sign.',
  not_your_turn: 'This document is waiting for an earlier signer.',
  signed_another_way:
    'This task was completed with a signed copy uploaded by hand: the document needs no more signatures.',
} as const;

const SECTION = {
  type: 'object',
  additionalProperties: false,
  required: ['heading', 'paragraphs'],
  properties: { heading: NULLABLE_STRING, paragraphs: { type: 'array', items: { type: 'string' } } },
} as const;

const FIELD = {
  type: 'object',
  additionalProperties: false,
  required: ['label', 'value'],
  properties: { label: { type: 'string' }, value: { type: 'string' } },
} as const;

/** GET /api/signing/{token}: what the signer reads before signing (the whole document) and who signs it. */
export const SIGNING_VIEW = {
  type: 'object',
  additionalProperties: false,
  required: ['document', 'signer', 'signers', 'terms', 'status'],
  properties: {
    document: {
      type: 'object',
      additionalProperties: false,
      required: ['title', 'program_name', 'job_code', 'sections', 'fields', 'sha256', 'pdf_url'],
      properties: {
        title: { type: 'string' },
        program_name: { type: 'string' },
        job_code: { type: 'string' },
        sections: { type: 'array', items: SECTION },
        fields: { type: 'array', items: FIELD },
        /** The SHA-256 (hex) of the PDF the signer is shown: the certificate records it. */
        sha256: { type: 'string' },
        /** The PDF itself, by the same link (relative URL). */
        pdf_url: { type: 'string' },
      },
    },
    signer: {
      type: 'object',
      additionalProperties: false,
      required: ['role', 'name'],
      properties: { role: { enum: SIGNER_ROLES }, name: { type: 'string' } },
    },
    /** Every signer of the document in signing order, with their status (no addresses). */
    signers: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['role', 'name', 'status'],
        properties: { role: { enum: SIGNER_ROLES }, name: { type: 'string' }, status: { enum: SIGNATURE_STATUSES } },
      },
    },
    /** The terms and conditions the signer accepts by signing, when the document carries them. */
    terms: {
      oneOf: [
        { type: 'null' },
        {
          type: 'object',
          additionalProperties: false,
          required: ['id', 'title', 'text'],
          properties: { id: { type: 'integer' }, title: { type: 'string' }, text: { type: 'string' } },
        },
      ],
    },
    /** The link's signature: pending until signed (then the link is spent). */
    status: { enum: SIGNATURE_STATUSES },
  },
} as const;
export type SigningView = FromSchema<typeof SIGNING_VIEW>;

/** POST /api/signing/{token}/sign. */
export const SIGN_REQUEST = {
  type: 'object',
  additionalProperties: false,
  required: ['consent', 'signature'],
  properties: {
    /** Consent to sign electronically. */
    consent: { type: 'boolean' },
    /** Acceptance of the terms shown (required when the view has terms). */
    accept_terms: { type: 'boolean' },
    signature: {
      oneOf: [
        {
          type: 'object',
          additionalProperties: false,
          required: ['kind', 'text'],
          properties: {
            kind: { const: 'typed' },
            text: { type: 'string', minLength: 1, maxLength: SIGNING_LIMITS.typed_max_chars },
          },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['kind', 'image'],
          properties: {
            kind: { const: 'drawn' },
            /** data:image/png;base64,... */
            image: {
              type: 'string',
              pattern: '^data:image/png;base64,[A-Za-z0-9+/=]+$',
              maxLength: SIGNING_LIMITS.drawn_max_chars,
            },
          },
        },
      ],
    },
  },
} as const;
export type SignRequest = FromSchema<typeof SIGN_REQUEST>;

/** POST /api/signing/{token}/decline. */
export const DECLINE_REQUEST = {
  type: 'object',
  additionalProperties: false,
  required: ['reason'],
  properties: { reason: { type: 'string', minLength: 1, maxLength: SIGNING_LIMITS.reason_max_chars } },
} as const;
export type DeclineRequest = FromSchema<typeof DECLINE_REQUEST>;

/** The answer of sign and decline: the signature's new status and the document's. */
export const SIGNING_DONE = {
  type: 'object',
  additionalProperties: false,
  required: ['status', 'document_status'],
  properties: { status: { enum: SIGNATURE_STATUSES }, document_status: { enum: SIGNATURE_STATUSES } },
} as const;
export type SigningDone = FromSchema<typeof SIGNING_DONE>;

/**
 * GET /api/signing/{token}/copy: the signer's own copy of what they signed, through their link (the invite's, or the
 * one the copy mail sent). `complete`: everyone signed and the copy carries every signature and the audit certificate;
 * until then the PDF is the document exactly as they signed it.
 */
export const SIGNED_COPY = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'program_name', 'job_code', 'signed_at', 'complete', 'pdf_url'],
  properties: {
    title: { type: 'string' },
    program_name: { type: 'string' },
    job_code: { type: 'string' },
    signed_at: NULLABLE_STRING,
    complete: { type: 'boolean' },
    pdf_url: { type: 'string' },
  },
} as const;
export type SignedCopy = FromSchema<typeof SIGNED_COPY>;

/** One signer of a job's document, as the job's people see it (email for ops and the contractor). */
export const DOCUMENT_SIGNER = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'role', 'name', 'status', 'invited_at', 'signed_at', 'decline_reason', 'can_resend'],
  properties: {
    id: { type: 'integer' },
    role: { enum: SIGNER_ROLES },
    name: { type: 'string' },
    email: { type: 'string' },
    status: { enum: SIGNATURE_STATUSES },
    invited_at: NULLABLE_STRING,
    signed_at: NULLABLE_STRING,
    decline_reason: NULLABLE_STRING,
    /** The caller may send this signer a new invite (the old link stops working). */
    can_resend: { type: 'boolean' },
  },
} as const;
export type DocumentSigner = FromSchema<typeof DOCUMENT_SIGNER>;

/** One generated document of a job. */
export const JOB_DOCUMENT = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'task_id',
    'key',
    'title',
    'generation',
    'status',
    'created_at',
    'sha256',
    'download_url',
    'signed_download_url',
    'signed_sha256',
    'signed_another_way',
    'signers',
  ],
  properties: {
    id: { type: 'integer' },
    task_id: { type: 'string' },
    key: { type: 'string' },
    title: { type: 'string' },
    /** 1 for the first generation; regenerating with recreate makes the next. */
    generation: { type: 'integer', minimum: 1 },
    /** The document's status: success once every signer signed, failure when one declined. */
    status: { enum: SIGNATURE_STATUSES },
    created_at: { type: 'string' },
    sha256: { type: 'string' },
    /** The generated PDF. */
    download_url: { type: 'string' },
    /** The signed PDF (signatures stamped, audit certificate page), once it is made. */
    signed_download_url: NULLABLE_STRING,
    /** The signed PDF's SHA-256 (the sealed file as stored), once it is made. */
    signed_sha256: NULLABLE_STRING,
    /** Its task was completed with a copy signed by hand (uploaded) while signers were still pending. */
    signed_another_way: { type: 'boolean' },
    signers: { type: 'array', items: DOCUMENT_SIGNER },
    /**
     * Ops only: every signer signed but the signed copy could not be made (stamping the signatures, the certificate or
     * the seal failed): why, whether the worker still retries (next_attempt_at) or has stopped, and the attempts.
     */
    stamping_failure: {
      anyOf: [
        { type: 'null' },
        {
          type: 'object',
          additionalProperties: false,
          required: ['cause', 'stopped', 'attempts', 'next_attempt_at'],
          properties: {
            cause: { type: 'string' },
            stopped: { type: 'boolean' },
            attempts: { type: 'integer', minimum: 0 },
            next_attempt_at: NULLABLE_STRING,
          },
        },
      ],
    },
  },
} as const;
export type JobDocument = FromSchema<typeof JOB_DOCUMENT>;

/** GET /api/jobs/{job_id}/documents: the current documents of each signing task the caller sees. */
export const JOB_DOCUMENTS = {
  type: 'object',
  additionalProperties: false,
  required: ['items', 'pending_work'],
  properties: {
    items: { type: 'array', items: JOB_DOCUMENT },
    /** Documents are being generated or invites sent (the page polls until false). */
    pending_work: { type: 'boolean' },
  },
} as const;
export type JobDocuments = FromSchema<typeof JOB_DOCUMENTS>;
