/**
 * The request bodies the web's own forms send, checked the same way on both sides: the server before a
 * call runs (server/validation.ts), the page as the user types (web/lib/request-validation.ts, with
 * these schemas' validators generated at build time, so no code is generated in the page). One set of
 * ajv options, one mapping from ajv's errors to the spec's messages at field paths.
 */

import {
  ANNOUNCEMENT,
  CONTRACTOR_CREATE,
  CONTRACTOR_UPDATE,
  EQUIPMENT,
  PROVIDER,
  TERMS,
  USER_INVITE,
} from './admin-requests.ts';
import { NEW_JOB } from './requests.ts';
import { defaultMessage, errorPath } from '../forms/messages.ts';
import type { FieldMessage } from '../forms/validate-task.ts';

/** The ajv options request bodies are checked with (both sides). */
export const REQUEST_AJV_OPTIONS = {
  allErrors: true,
  strict: false,
  removeAdditional: false,
  useDefaults: true,
  coerceTypes: false,
} as const;

/** The bodies a page's form sends, by name: each form checks its body with its call's schema. */
export const FORM_REQUESTS = {
  new_job: NEW_JOB,
  contractor_create: CONTRACTOR_CREATE,
  contractor_update: CONTRACTOR_UPDATE,
  user_invite: USER_INVITE,
  equipment: EQUIPMENT,
  announcement: ANNOUNCEMENT,
  terms: TERMS,
  provider: PROVIDER,
} as const;
export type FormRequest = keyof typeof FORM_REQUESTS;

/** A request body names the unknown fields it was sent. */
const API_BODY = { name_unknown_fields: true } as const;

/** What ajv reports of one failed check (the fields the mapping reads). */
export interface RequestError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  schema?: unknown;
}

/** ajv's errors as the spec's messages at field paths ("name", "sections.0.title"). */
export function requestMessages(errors: readonly RequestError[] | null | undefined): FieldMessage[] {
  return (errors ?? []).map((e) => ({
    path: errorPath(e, API_BODY),
    message: defaultMessage(e.keyword, e.params, e.schema, API_BODY),
  }));
}
