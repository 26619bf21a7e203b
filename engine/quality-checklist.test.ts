/**
 * A review's checklists: which forms a job gets by its measures, a checklist's items (its fields of the shared
 * checklist_item, titled), and the outcome the answers give (any failed item fails the review; minor issues pass),
 * with the finding a corrective action reads.
 */

import { describe, expect, it } from 'vitest';
import {
  checklistItems,
  checklistOutcome,
  checklistsFor,
  findingOf,
  PHOTO_MESSAGES,
  photoWarnings,
} from './quality-checklist.ts';

const item = (title: string) => ({ $ref: '#/definitions/checklist_item', title });
const GENERAL = {
  key: 'general',
  schema: {
    type: 'object',
    properties: {
      visited_on: { type: 'string', title: 'Visited on' },
      workmanship: item('Workmanship'),
      safety: item('Safety'),
      findings: { type: 'string' },
    },
    allOf: [{ if: { required: ['safety'] }, then: { properties: { clearances: item('Clearances') } } }],
  },
};
const HEAT_PUMP = { key: 'hp', schema: { type: 'object', properties: { line_set: item('Line set insulated') } } };

describe('quality checklists', () => {
  it('gives a job every job’s checklists and those of the measures it has a line for', () => {
    const review = { checklists: [{ form: 'general' }, { form: 'hp', measures: ['heat_pump', 'ducted_heat_pump'] }] };
    expect(checklistsFor(review, [])).toEqual(['general']);
    expect(checklistsFor(review, ['panel'])).toEqual(['general']);
    expect(checklistsFor(review, ['panel', 'ducted_heat_pump'])).toEqual(['general', 'hp']);
  });

  it('reads the items of a form, conditional ones too, with their titles; other fields are not items', () => {
    expect(checklistItems(GENERAL)).toEqual([
      { field: 'workmanship', title: 'Workmanship' },
      { field: 'safety', title: 'Safety' },
      { field: 'clearances', title: 'Clearances' },
    ]);
    expect(checklistItems({ schema: { type: 'object', properties: { x: { enum: ['pass', 'fail'] } } } })).toEqual([]);
  });

  it('fails when any item of any checklist failed; minor issues pass and are listed', () => {
    const all = (v: string) => ({ general: { workmanship: v, safety: v }, hp: { line_set: v } });
    expect(checklistOutcome([GENERAL, HEAT_PUMP], all('pass'))).toEqual({
      outcome: 'pass',
      failed: [],
      minor: [],
      found: [],
    });
    const minor = checklistOutcome([GENERAL, HEAT_PUMP], all('minor'));
    expect([minor.outcome, minor.minor.map((i) => i.field)]).toEqual(['pass', ['workmanship', 'safety', 'line_set']]);
    const one = checklistOutcome([GENERAL, HEAT_PUMP], {
      general: { workmanship: 'pass', safety: 'minor' },
      hp: { line_set: 'fail' },
    });
    expect([one.outcome, one.failed, one.minor.map((i) => i.field)]).toEqual([
      'fail',
      [{ field: 'line_set', title: 'Line set insulated' }],
      ['safety'],
    ]);
    expect(findingOf(one, 'Exterior run bare.')).toBe('Failed: Line set insulated. Exterior run bare.');
    // What the checklist says was found is the finding, before the note.
    const said = checklistOutcome([GENERAL, HEAT_PUMP], {
      general: { workmanship: 'fail', safety: 'pass', findings: ' Duct tape on the line set. ' },
      hp: { line_set: 'pass' },
    });
    expect(findingOf(said, null)).toBe('Duct tape on the line set.');
    expect(findingOf(said, 'Call before visiting.')).toBe('Duct tape on the line set. Call before visiting.');
    expect(findingOf(checklistOutcome([GENERAL], all('pass')), null)).toBeNull();
  });

  it('a photo taken before the install was completed, or whose file says no time or place, is flagged', () => {
    const form = { runtime: { attachment_fields: ['photos', 'nameplate'] } } as unknown as Parameters<
      typeof photoWarnings
    >[0];
    const at = (taken_at?: string, place = true) => ({
      id: 'att_1',
      content_type: 'image/jpeg',
      ...(taken_at ? { taken_at } : {}),
      ...(place ? { lat: 41.08, lon: -74.14 } : {}),
    });
    const data = {
      photos: [at('2026-05-20T08:00:00.000Z'), at('2026-05-19T23:59:00.000Z'), at(undefined, false)],
      nameplate: at('2026-05-01T12:00:00.000Z'),
    };
    expect(photoWarnings(form, data, '2026-05-20')).toEqual([
      { path: 'photos.1', message: PHOTO_MESSAGES.before_install('2026-05-19T23:59:00.000Z', '2026-05-20') },
      { path: 'photos.2', message: PHOTO_MESSAGES.no_time },
      { path: 'photos.2', message: PHOTO_MESSAGES.no_place },
      {
        path: 'nameplate',
        message: 'This photo was taken on May 1, 2026, before the installation was completed (May 20, 2026).',
      },
    ]);
    // No install date known (or not a date): only what the file does not say.
    expect(photoWarnings(form, data, null)).toHaveLength(2);
    expect(photoWarnings(form, data, 'soon')).toHaveLength(2);
    // A PDF in an upload field is no photo.
    expect(photoWarnings(form, { photos: [{ id: 'att_2', content_type: 'application/pdf' }] }, '2026-05-20')).toEqual(
      [],
    );
  });
});
