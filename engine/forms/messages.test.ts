import { describe, expect, it } from 'vitest';
import { PHONE_PATTERN } from '../constants.ts';
import { defaultMessage, errorPath, MESSAGES, OUR_MESSAGES } from './messages.ts';

describe('one mapping of schema errors to messages (task forms and API bodies)', () => {
  it.each([
    ['required', {}, undefined, MESSAGES.required],
    ['minLength', { limit: 1 }, undefined, MESSAGES.required],
    ['type', { type: 'integer' }, undefined, MESSAGES.whole_number],
    ['type', { type: 'number,null' }, undefined, MESSAGES.number],
    ['type', { type: 'integer,null' }, undefined, MESSAGES.whole_number],
    ['type', { type: 'number' }, undefined, MESSAGES.number],
    ['type', { type: 'string' }, undefined, OUR_MESSAGES.value],
    ['format', { format: 'email' }, undefined, MESSAGES.email],
    ['format', { format: 'date' }, undefined, OUR_MESSAGES.date],
    ['pattern', { pattern: PHONE_PATTERN.source }, undefined, MESSAGES.phone],
    ['pattern', { pattern: '^\\d{5}$' }, undefined, OUR_MESSAGES.value],
    ['maxLength', { limit: 50 }, undefined, MESSAGES.max_length_50],
    ['enum', {}, undefined, OUR_MESSAGES.option],
    ['minimum', { limit: 0 }, undefined, MESSAGES.number],
  ] as const)('%s %j', (keyword, params, schema, message) => {
    expect(defaultMessage(keyword, params, schema)).toBe(message);
  });

  it('an unknown key: named under itself in an API body, the generic message under its value in a form', () => {
    const e = { keyword: 'additionalProperties', instancePath: '/rows/0', params: { additionalProperty: 'nickname' } };
    expect([
      errorPath(e, { name_unknown_fields: true }),
      defaultMessage(e.keyword, e.params, undefined, { name_unknown_fields: true }),
    ]).toEqual(['rows.0.nickname', "Unknown field 'nickname'"]);
    expect([errorPath(e), defaultMessage(e.keyword, e.params, undefined)]).toEqual(['rows.0', OUR_MESSAGES.value]);
  });

  it('puts a missing property under its own name, anything else under the value', () => {
    expect(errorPath({ keyword: 'required', instancePath: '', params: { missingProperty: 'email' } })).toBe('email');
    expect(errorPath({ keyword: 'required', instancePath: '/owner', params: { missingProperty: 'name' } })).toBe(
      'owner.name',
    );
    expect(errorPath({ keyword: 'type', instancePath: '/photos/1/id', params: {} })).toBe('photos.1.id');
  });
});
