/** How an announcement reads: its YouTube video id, its status by date, its audience in words. */

import type { AnnouncementFields } from '../api/get-announcement.ts';

/** The id of a YouTube video link (watch, youtu.be, embed, shorts, live), or null. */
export function youtubeId(url: string | null | undefined): string | null {
  if (!url) return null;
  let u: URL;
  try {
    u = new URL(url.trim());
  } catch {
    return null;
  }
  const host = u.hostname.replace(/^(www\.|m\.)/, '');
  const id =
    host === 'youtu.be'
      ? u.pathname.slice(1)
      : host === 'youtube.com' || host === 'youtube-nocookie.com'
        ? (u.searchParams.get('v') ?? /^\/(?:embed|shorts|live)\/([^/?#]+)/.exec(u.pathname)?.[1] ?? '')
        : '';
  return /^[\w-]{6,20}$/.test(id) ? id : null;
}

/** Today as YYYY-MM-DD in the browser's time zone. */
export function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export type AnnouncementStatus = 'Showing' | 'Scheduled' | 'Ended';

/** Whether contractors see it today: between valid from and valid until (both inclusive, either open). */
export function statusOf(a: Pick<AnnouncementFields, 'valid_from' | 'valid_until'>, on = today()): AnnouncementStatus {
  if (a.valid_from && a.valid_from.slice(0, 10) > on) return 'Scheduled';
  if (a.valid_until && a.valid_until.slice(0, 10) < on) return 'Ended';
  return 'Showing';
}

export const STATUS_INTENT = { Showing: 'success', Scheduled: 'primary', Ended: 'none' } as const;

/** A date (YYYY-MM-DD...) as the reader's locale writes it. */
export function showDate(date: string | null | undefined): string {
  if (!date) return '';
  const [y, m, d] = date.slice(0, 10).split('-').map(Number);
  return new Date(y, m - 1, d).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** "From Mar 1, 2026 until Mar 31, 2026", "Until ...", "From ...", or "Always". */
export function showPeriod(a: Pick<AnnouncementFields, 'valid_from' | 'valid_until'>): string {
  if (a.valid_from && a.valid_until) return `${showDate(a.valid_from)} – ${showDate(a.valid_until)}`;
  if (a.valid_from) return `From ${showDate(a.valid_from)}`;
  if (a.valid_until) return `Until ${showDate(a.valid_until)}`;
  return 'No end date';
}

/** "All contractors" or "3 contractors"; "All programs" or the program names. */
export function showAudience(
  a: Pick<AnnouncementFields, 'contractor_ids' | 'program_ids'>,
  programNames: Map<string, string>,
): { contractors: string; programs: string } {
  const n = a.contractor_ids?.length ?? 0;
  return {
    contractors: a.contractor_ids === null ? 'All contractors' : n === 1 ? '1 contractor' : `${n} contractors`,
    programs:
      a.program_ids === null
        ? 'All programs'
        : a.program_ids.map((id) => programNames.get(id) ?? id).join(', ') || 'No programs',
  };
}
