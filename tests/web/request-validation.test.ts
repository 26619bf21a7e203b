/**
 * The pages' forms check their bodies with the server's schema for the call: the build-time validators
 * give the same messages at the same paths as the server's 422 for the same body, and each form's own
 * checks add only what the page alone asks.
 */

import { describe, expect, it } from 'vitest';
import { requestErrors } from '../../web/lib/request-validation.ts';
import { FORM_REQUESTS, type FormRequest } from '../../engine/api/request-checks.ts';
import { checkBody } from '../../server/validation.ts';
import { ApiError } from '../../server/errors.ts';
import { MESSAGES, OUR_MESSAGES } from '../../engine/forms/messages.ts';
import * as contractor from '../../web/features/contractors/hooks/use-contractor-form.ts';
import * as equipment from '../../web/features/equipment/hooks/use-equipment-form.ts';
import * as announcement from '../../web/features/announcements/hooks/use-announcement-form.ts';
import * as terms from '../../web/features/terms/hooks/use-terms-form.ts';
import * as provider from '../../web/features/providers/hooks/use-provider-form.ts';

/** The server's messages for a body, by path (first per path), as the page keys them. */
function serverErrors(request: FormRequest, body: unknown): Record<string, string> {
  try {
    checkBody(FORM_REQUESTS[request], structuredClone(body));
    return {};
  } catch (e) {
    const out: Record<string, string> = {};
    for (const f of (e as ApiError).extra?.errors as { path: string; message: string }[])
      if (!(f.path in out)) out[f.path] = f.message;
    return out;
  }
}

const BODIES: [FormRequest, unknown][] = [
  [
    'new_job',
    {
      first_name: '',
      last_name: 'x'.repeat(51),
      email: 'not-an-email',
      phone_number: '12',
      zip: '5370',
      state: 'WIS',
      lat: 200,
    },
  ],
  ['new_job', { first_name: 'Ann', last_name: 'Lee', address: '1 Main St', zip: '53703', email: 'ann@example.com' }],
  ['contractor_create', { name: '', email: 'x@', phone: 'abc', primary_contact: 'y'.repeat(51), equipment_ids: ['a'] }],
  ['equipment', { type: 'boiler', manufacturer: '', model: 'M', seer: -1, hspf: 'fast' }],
  ['announcement', { title: '', content: '', valid_from: 'tomorrow', link: 'not a url', program_ids: [1] }],
  ['terms', { title: 'T', sections: [{ title: '', items: ['ok', ''] }] }],
  ['provider', { name: '', type: 'water', states: ['wi'] }],
  ['user_invite', { name: 'N', email: 'nope' }],
];

describe('request checks in the page', () => {
  it.each(BODIES)('%s: the same messages at the same paths as the server', (request, body) => {
    expect(requestErrors(request, body)).toEqual(serverErrors(request, body));
  });

  it('words: required, length, email, phone, number, option', () => {
    expect(requestErrors('new_job', BODIES[0][1])).toMatchObject({
      first_name: MESSAGES.required,
      last_name: MESSAGES.max_length_50,
      email: MESSAGES.email,
      phone_number: MESSAGES.phone,
      zip: OUR_MESSAGES.value,
      lat: MESSAGES.number,
    });
    expect(requestErrors('equipment', BODIES[3][1])).toMatchObject({
      type: OUR_MESSAGES.option,
      manufacturer: MESSAGES.required,
      seer: MESSAGES.number,
      hspf: MESSAGES.number,
    });
    expect(requestErrors('new_job', BODIES[1][1])).toEqual({});
  });

  it('a check leaves the body as built (defaults are not written into it)', () => {
    const body = { first_name: 'Ann', last_name: 'Lee' };
    requestErrors('new_job', body);
    expect(body).toEqual({ first_name: 'Ann', last_name: 'Lee' });
  });
});

describe('the forms', () => {
  it('contractor: name required and at most 50 characters, email and phone checked', () => {
    const v = { ...contractor.initialValues(), name: '  ', email: 'a@b', phone: '12' };
    expect(contractor.validate(v)).toEqual({ name: MESSAGES.required, email: MESSAGES.email, phone: MESSAGES.phone });
    expect(contractor.validate({ ...v, name: 'n'.repeat(51), email: '', phone: '' })).toEqual({
      name: MESSAGES.max_length_50,
    });
    expect(contractor.validate({ ...v, name: 'Acme', email: 'ops@acme.example', phone: '608-555-0100' })).toEqual({});
  });

  it('equipment: manufacturer and model required, numbers as numbers', () => {
    const v = {
      ...equipment.initialValues('heat_pump'),
      manufacturer: 'Acme',
      model: '',
      seer: '18.5',
      hspf: 'ten',
      tonnage: '-2',
    };
    expect(equipment.validate(v)).toEqual({
      model: MESSAGES.required,
      hspf: MESSAGES.number,
      tonnage: MESSAGES.number,
    });
    expect(equipment.toBody({ ...v, model: 'X', hspf: '10', tonnage: '' })).toMatchObject({
      seer: 18.5,
      hspf: 10,
      tonnage: null,
    });
  });

  it('announcement: title and content required, dates in order, safe links, a YouTube video', () => {
    const v = {
      ...announcement.initialValues(),
      title: ' ',
      content: '',
      valid_from: '2026-12-10',
      valid_until: '2026-12-01',
      video_url: 'https://example.com/v',
      link: 'javascript:alert(1)',
    };
    expect(announcement.validate(v)).toMatchObject({
      title: MESSAGES.required,
      content: MESSAGES.required,
      valid_until: announcement.ANNOUNCEMENT_MESSAGES.until_before_from,
      video_url: announcement.ANNOUNCEMENT_MESSAGES.youtube,
    });
    expect(announcement.validate(v).link).toBeDefined();
    expect(
      announcement.validate({ ...v, title: 'Hi', content: 'Text', valid_until: '', video_url: '', link: '' }),
    ).toEqual({});
  });

  it('terms: every section and item has text; at least one section', () => {
    const v = { ...terms.initialValues(), title: 'T' };
    const withSection = { ...v, sections: [{ key: 1, title: '', items: [{ key: 2, text: '' }] }] };
    expect(terms.validate(withSection)).toEqual({
      'sections.0.title': MESSAGES.required,
      'sections.0.items.0': MESSAGES.required,
    });
    expect(terms.validate({ ...v, sections: [] }).sections).toBe(terms.TERMS_MESSAGES.no_sections);
  });

  it('provider: name required; state codes in our words on the field', () => {
    const v = { ...provider.initialValues(), name: '', states: ['wi'] };
    expect(provider.validate(v)).toEqual({ name: MESSAGES.required, states: provider.PROVIDER_MESSAGES.state });
  });
});
