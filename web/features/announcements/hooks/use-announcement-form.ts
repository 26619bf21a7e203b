/**
 * The announcement form: its values, client checks (our wording where the spec has none) and the
 * request body.
 */

import { MESSAGES } from '../../../../engine/forms/messages.ts';
import { requestErrors } from '../../../lib/request-validation.ts';
import { SAFE_LINK_MESSAGE, SAFE_LINK_PATTERN } from '../../../../engine/constants.ts';
import type { FieldErrors } from '../../../lib/components/field-errors.ts';
import { useFormState } from '../../../lib/components/use-form-state.ts';
import type { Announcement, AnnouncementFields } from '../api/get-announcement.ts';
import { youtubeId } from '../components/announcement-text.ts';

/** Our messages for checks the spec does not word. */
export const ANNOUNCEMENT_MESSAGES = {
  until_before_from: 'Valid until must be on or after valid from',
  youtube: 'Please enter a YouTube video link',
  link: SAFE_LINK_MESSAGE,
} as const;

export type AnnouncementFormValues = Omit<
  AnnouncementFields,
  'valid_from' | 'valid_until' | 'video_url' | 'image_url' | 'link'
> & {
  valid_from: string;
  valid_until: string;
  video_url: string;
  image_url: string;
  link: string;
};

export function initialValues(a?: Announcement): AnnouncementFormValues {
  return {
    title: a?.title ?? '',
    valid_from: a?.valid_from?.slice(0, 10) ?? '',
    valid_until: a?.valid_until?.slice(0, 10) ?? '',
    content: a?.content ?? '',
    video_url: a?.video_url ?? '',
    image_url: a?.image_url ?? '',
    link: a?.link ?? '',
    contractor_ids: a ? a.contractor_ids : null,
    program_ids: a ? a.program_ids : null,
  };
}

/** The body checked with the call's schema (the server's checks and words), then what only this form asks. */
export function validate(v: AnnouncementFormValues): FieldErrors {
  const e: FieldErrors = requestErrors('announcement', toBody(v));
  if (v.valid_from && v.valid_until && v.valid_until < v.valid_from)
    e.valid_until ??= ANNOUNCEMENT_MESSAGES.until_before_from;
  if (v.video_url.trim() && !youtubeId(v.video_url)) e.video_url ??= ANNOUNCEMENT_MESSAGES.youtube;
  if (v.image_url.trim() && !SAFE_LINK_PATTERN.test(v.image_url.trim())) e.image_url ??= ANNOUNCEMENT_MESSAGES.link;
  if (v.link.trim() && !SAFE_LINK_PATTERN.test(v.link.trim())) e.link ??= ANNOUNCEMENT_MESSAGES.link;
  if (v.contractor_ids && !v.contractor_ids.length) e.contractor_ids ??= MESSAGES.required;
  if (v.program_ids && !v.program_ids.length) e.program_ids ??= MESSAGES.required;
  return e;
}

/** The request body: trimmed text, empty optional fields as null. */
export function toBody(v: AnnouncementFormValues): AnnouncementFields {
  const opt = (s: string) => (s.trim() ? s.trim() : null);
  return {
    title: v.title.trim(),
    valid_from: opt(v.valid_from),
    valid_until: opt(v.valid_until),
    content: v.content.trim(),
    video_url: opt(v.video_url),
    image_url: opt(v.image_url),
    link: opt(v.link),
    contractor_ids: v.contractor_ids,
    program_ids: v.program_ids,
  };
}

/** The announcement form's state. */
export function useAnnouncementForm(initial: AnnouncementFormValues) {
  return useFormState(initial, validate, toBody);
}
