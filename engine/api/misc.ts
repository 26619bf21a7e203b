/**
 * Answers of the remaining calls: the mail outbox, a place's initial eligibility, the homeowner's view,
 * a task form as data, and the explorer's sources and job input. JSON Schemas written once; where a part
 * is the engine's own result or a definition (schemas, rules, job input), it is checked for presence and
 * typed by the engine.
 */

import type { FromSchema } from 'json-schema-to-ts';
import { JOB_SECTIONS } from '../constants.ts';
import { JOB_TASK, type EvaluationView } from './jobs.ts';
import type { StageResult } from '../types.ts';
import type { FormRuleDocument } from '../load/form-document.ts';
import type { Logic } from '../logic/walk.ts';
import { COMPLETION_RECORD_SUMMARY } from './completion.ts';

const obj = { type: 'object' } as const;

/** GET /api/auth/outbox (ops): the local mail adapter's newest mails. */
export const OUTBOX = {
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'to_address', 'subject', 'body', 'created_at'],
    properties: {
      id: { type: 'integer' },
      to_address: { type: 'string' },
      subject: { type: 'string' },
      body: { type: 'string' },
      created_at: { type: 'string' },
    },
  },
} as const;

/** GET /api/mail/templates (ops): every mail the portal sends, as the template it is rendered from. */
export const MAIL_TEMPLATE_LIST = {
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['key', 'title', 'audience', 'when', 'subject', 'body', 'placeholders'],
    properties: {
      key: { type: 'string' },
      title: { type: 'string' },
      audience: { type: 'string' },
      when: { type: 'string' },
      subject: { type: 'string' },
      body: { type: 'string' },
      /** Each placeholder's name and what it stands for. */
      placeholders: { type: 'object', additionalProperties: { type: 'string' } },
    },
  },
} as const;

/** The outbox and the mail templates as the API answers them. */
export type OutboxMessages = FromSchema<typeof OUTBOX>;
export type MailTemplateList = FromSchema<typeof MAIL_TEMPLATE_LIST>;

/** A unit of background work as ops see it (its payload stays internal). */
export const WORK_ITEM = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'kind', 'state', 'attempts', 'max_attempts', 'run_at', 'last_error', 'created_at', 'updated_at'],
  properties: {
    id: { type: 'integer' },
    kind: { type: 'string' },
    state: { type: 'string', enum: ['ready', 'leased', 'done', 'dead'] },
    attempts: { type: 'integer' },
    max_attempts: { type: 'integer' },
    run_at: { type: 'string' },
    last_error: { type: ['string', 'null'] },
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
  },
} as const;

/** GET /api/work/dead (ops): work out of attempts, newest first. */
export const DEAD_WORK = { type: 'array', items: WORK_ITEM } as const;

/** A work item and the dead list as the API answers them. */
export type WorkItem = FromSchema<typeof WORK_ITEM>;
export type DeadWork = FromSchema<typeof DEAD_WORK>;

/** GET /api/jobs/initial-eligibility/{place}: the place, each program's verdict, and the eligible programs. */
export const PLACE_ELIGIBILITY = {
  type: 'object',
  additionalProperties: false,
  required: ['place', 'programs', 'eligible_programs'],
  properties: {
    place: obj,
    programs: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['program', 'name', 'in_service_area', 'accepting_submissions', 'eligible'],
        properties: {
          program: { type: 'string' },
          name: { type: 'string' },
          in_service_area: { type: 'boolean' },
          accepting_submissions: { type: 'boolean' },
          eligible: { type: 'boolean' },
        },
      },
    },
    eligible_programs: { type: 'array', items: { type: 'string' } },
  },
} as const;

const NULLABLE_TEXT = { type: ['string', 'null'] } as const;

/** Where the homeowner's rebate stands, in their words: what happened, what they can do, whom to ask. */
export const HOMEOWNER_STANDING = {
  type: 'object',
  additionalProperties: false,
  required: ['tone', 'title', 'says', 'can_do', 'ask'],
  properties: {
    /** progress: under way; waiting: on something outside everyone's hands; stopped: cannot go on; done: paid. */
    tone: { enum: ['progress', 'waiting', 'stopped', 'done'] },
    title: { type: 'string' },
    /** What happened, one sentence each (an ineligible job: each rule's homeowner message). */
    says: { type: 'array', items: { type: 'string' } },
    can_do: NULLABLE_TEXT,
    ask: { type: 'string' },
  },
} as const;
export type HomeownerStanding = FromSchema<typeof HOMEOWNER_STANDING>;

/** GET /api/jobs/homeowner/{id}: what the homeowner sees of their job. */
export const HOMEOWNER_VIEW = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'code',
    'full_name',
    'address',
    'city',
    'state',
    'county',
    'program',
    'stage',
    'evaluation',
    'tasks',
    'income_guidance',
    'standing',
    'contractor',
  ],
  properties: {
    id: { type: 'integer' },
    code: { type: 'string' },
    full_name: { type: 'string' },
    address: { type: 'string' },
    city: { type: ['string', 'null'] },
    /** The site's state and county: which questions the forms ask (shown_if) and the income limits shown. */
    state: { type: ['string', 'null'] },
    county: { type: ['string', 'null'] },
    program: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'name'],
      properties: { id: { type: 'string' }, name: { type: 'string' } },
    },
    stage: {
      type: 'object',
      additionalProperties: false,
      required: ['number', 'label', 'progress'],
      properties: { number: { type: 'integer' }, label: { type: 'string' }, progress: { type: 'array' } },
    },
    evaluation: obj,
    tasks: { type: 'array', items: JOB_TASK },
    standing: HOMEOWNER_STANDING,
    /** The paid job's completion record, once issued (issue 44): the homeowner downloads it too. */
    completion_record: COMPLETION_RECORD_SUMMARY,
    /** The job's contractor company, whom the homeowner asks (null: no contractor). */
    contractor: {
      anyOf: [
        { type: 'null' },
        {
          type: 'object',
          additionalProperties: false,
          required: ['name', 'phone', 'email'],
          properties: { name: { type: 'string' }, phone: NULLABLE_TEXT, email: NULLABLE_TEXT },
        },
      ],
    },
    income_guidance: {
      type: 'object',
      additionalProperties: false,
      required: ['types', 'upload_note', 'timing_note', 'apply'],
      properties: {
        types: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['value', 'label', 'help'],
            properties: { value: { type: 'string' }, label: { type: 'string' }, help: { type: 'string' } },
          },
        },
        upload_note: { type: 'string' },
        timing_note: { type: 'string' },
        /** Where to apply (the program's constant `income_verification`); null when it names none. */
        apply: {
          anyOf: [
            { type: 'null' },
            {
              type: 'object',
              additionalProperties: false,
              required: ['service', 'url'],
              properties: { service: { type: 'string' }, url: { type: 'string' } },
            },
          ],
        },
      },
    },
  },
} as const;
/** The homeowner's view; its stage progress and evaluation typed by the engine's own result types. */
export type HomeownerView = Omit<FromSchema<typeof HOMEOWNER_VIEW>, 'stage' | 'evaluation'> & {
  stage: { number: number; label: string; progress: StageResult['progress'] };
  evaluation: EvaluationView;
};

/** GET /api/forms/{form}: a task form as data, with its cross-field rules (the browser validates with the same engine).
 * */
export const FORM_DOCUMENT = {
  type: 'object',
  additionalProperties: false,
  required: ['key', 'title', 'schema', 'ui_schema', 'messages', 'rules'],
  properties: {
    key: { type: 'string' },
    title: { type: 'string' },
    description: { type: 'string' },
    section: { type: 'string', enum: JOB_SECTIONS },
    produces_documents: { type: 'boolean' },
    schema: obj,
    ui_schema: obj,
    messages: { type: 'object', additionalProperties: { type: 'string' } },
    rules: { type: 'array', items: obj },
    shown_if: obj,
  },
} as const;
/** Its rules typed as the engine reads them (the schema says only "objects"). */
export type FormDocumentAnswer = Omit<FromSchema<typeof FORM_DOCUMENT>, 'rules' | 'shown_if'> & {
  rules: FormRuleDocument[];
  shown_if?: Record<string, Logic>;
};
export type DefinitionSources = FromSchema<typeof DEFINITION_SOURCES>;

const NUMBERS = { type: 'array', items: { type: 'integer' } } as const;

/**
 * GET /api/definitions/sources (ops): the definition files as text (of the programs asked for, or all),
 * each with what the server parsed of it (engine/load/parsed-entry.ts: no YAML parsing in the browser),
 * and each program's hash.
 */
export const DEFINITION_SOURCES = {
  type: 'object',
  additionalProperties: false,
  required: ['files', 'hashes'],
  properties: {
    files: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['path', 'text'],
        properties: {
          path: { type: 'string' },
          text: { type: 'string' },
          parsed: {
            type: 'object',
            additionalProperties: false,
            required: ['value', 'spans', 'keys'],
            properties: { value: {}, spans: NUMBERS, keys: NUMBERS },
          },
        },
      },
    },
    hashes: { type: 'object', additionalProperties: { type: 'string' } },
  },
} as const;

/** GET /api/definitions/jobs/{job_id}/input (ops): a job as the engine reads it, to try in the explorer. */
export const JOB_INPUT = {
  type: 'object',
  additionalProperties: false,
  required: ['program_id', 'pinned_version', 'today', 'job'],
  properties: {
    program_id: { type: 'string' },
    /** The definition version the job is kept on when that is not the loaded one (null: the loaded definitions judge
     * it). */
    pinned_version: { type: ['string', 'null'] },
    today: { type: 'string' },
    job: obj,
  },
} as const;
export type JobInputAnswer = FromSchema<typeof JOB_INPUT>;

/** The whole OpenAPI document. */
export const OPENAPI_DOCUMENT = {
  type: 'object',
  required: ['openapi', 'paths'],
  properties: { openapi: { type: 'string' }, paths: obj },
} as const;
