/**
 * The generic validation messages of spec sect. 5, and how JSON Schema errors map to them.
 * Form-specific messages (scope of work, photos, invoice, ...) live in each form's `messages`.
 */

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

/** The message for an ajv error keyword and its params, before form overrides. */
export function defaultMessage(keyword: string, params: Record<string, unknown>, schema: unknown): string {
  switch (keyword) {
    case 'required':
    case 'minLength':
      return MESSAGES.required;
    case 'type': {
      const t = params.type;
      if (t === 'integer') return MESSAGES.whole_number;
      if (t === 'number') return MESSAGES.number;
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
    case 'enum':
    case 'const':
      return OUR_MESSAGES.option;
    default:
      return OUR_MESSAGES.value;
  }
}
