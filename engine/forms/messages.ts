/**
 * The generic validation messages of spec sect. 5, and how JSON Schema errors map to them (for task
 * forms and for the API's request bodies: one mapping). Form-specific messages (scope of work, photos,
 * invoice, ...) live in each form's `messages`.
 */

import { PHONE_PATTERN } from '../constants.ts';

/** The spec's generic messages, letter for letter. */
export const MESSAGES = {
  required: 'This field is required',
  email: 'Please enter a valid email address',
  whole_number: 'Please enter a whole number',
  phone: 'Please enter a valid phone number',
  number: 'Please enter a valid number',
  max_length_50: 'Please enter a value less than 50 characters',
  if_no_remove_selections: 'If No, please remove additional selections',
} as const;

/** Our wording where the spec has none (listed in the README). */
export const OUR_MESSAGES = {
  option: 'Please select one of the options',
  date: 'Please enter a valid date',
  value: 'Please enter a valid value',
  geotag: 'This photo was taken more than one mile from the job site.',
} as const;

/**
 * How unknown keys are reported: an API body names them ("Unknown field 'x'" under x: a client's bug to
 * fix); a task form says its generic 'Please enter a valid value' under the value holding them (a person
 * cannot type an unknown key, and the form's own messages are keyed by its fields).
 */
export interface MessageOptions {
  name_unknown_fields?: boolean;
}

/**
 * Where an ajv error belongs, as a dotted field path: a missing property (and, naming unknown fields,
 * an unknown one) is named so its message shows under it, anything else the value it is about.
 */
export function errorPath(
  e: { keyword: string; instancePath: string; params: unknown },
  opts: MessageOptions = {},
): string {
  const base = e.instancePath ? e.instancePath.slice(1).split('/').join('.') : '';
  const p = e.params as { missingProperty?: string; additionalProperty?: string };
  const leaf =
    e.keyword === 'required'
      ? p.missingProperty
      : e.keyword === 'additionalProperties' && opts.name_unknown_fields
        ? p.additionalProperty
        : undefined;
  return leaf === undefined ? base : base ? `${base}.${leaf}` : leaf;
}

/** The message for an ajv error keyword and its params, before form overrides (forms and API bodies alike). */
export function defaultMessage(
  keyword: string,
  params: Record<string, unknown>,
  schema: unknown,
  opts: MessageOptions = {},
): string {
  switch (keyword) {
    case 'required':
    case 'minLength':
      return MESSAGES.required;
    case 'type': {
      // A nullable type reads "number,null": a value that is neither is not a number.
      const t = String(params.type).split(',');
      if (t.includes('integer')) return MESSAGES.whole_number;
      if (t.includes('number')) return MESSAGES.number;
      return OUR_MESSAGES.value;
    }
    case 'multipleOf':
      return schema === 1 ? MESSAGES.whole_number : MESSAGES.number;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return MESSAGES.number;
    case 'format':
      if (params.format === 'email') return MESSAGES.email;
      if (params.format === 'phone') return MESSAGES.phone;
      if (params.format === 'date' || params.format === 'date-time') return OUR_MESSAGES.date;
      return OUR_MESSAGES.value;
    case 'maxLength':
      return `Please enter a value less than ${params.limit} characters`;
    case 'pattern':
      return params.pattern === PHONE_PATTERN.source ? MESSAGES.phone : OUR_MESSAGES.value;
    case 'additionalProperties':
      return opts.name_unknown_fields ? `Unknown field '${String(params.additionalProperty)}'` : OUR_MESSAGES.value;
    case 'enum':
    case 'const':
      return OUR_MESSAGES.option;
    default:
      return OUR_MESSAGES.value;
  }
}
