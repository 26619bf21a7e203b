/** Announcements with an audience (all or some contractors, all or some programs) and a validity window. */

import { assertMay } from '../abilities.ts';
import { SAFE_LINK_MESSAGE, SAFE_LINK_PATTERN } from '../../engine/index.ts';
import type { AuthUser, Deps } from '../context.ts';
import { notFound, validationError } from '../errors.ts';
import * as db from '../db/admin.db.ts';
import { getContractor } from '../db/contractors.db.ts';

const YOUTUBE = /^https:\/\/(www\.)?(youtube\.com\/(watch\?v=|embed\/|shorts\/)|youtu\.be\/)[\w-]{6,}/;

/** Checks what the schema cannot: YouTube links, https-only links and images, the window's order, known programs. */
async function check(deps: Deps, a: db.AnnouncementFields) {
  const errors = [];
  if (a.video_url && !YOUTUBE.test(a.video_url))
    errors.push({ path: 'video_url', message: 'Please enter a YouTube video link' });
  for (const key of ['image_url', 'link'] as const)
    if (a[key] && !SAFE_LINK_PATTERN.test(a[key])) errors.push({ path: key, message: SAFE_LINK_MESSAGE });
  if (a.valid_from && a.valid_until && a.valid_until < a.valid_from)
    errors.push({ path: 'valid_until', message: 'The end of the window must be after its start' });
  for (const p of a.program_ids ?? [])
    if (!deps.defs.programs[p]) errors.push({ path: 'program_ids', message: 'Please select one of the options' });
  if (errors.length) throw validationError(errors);
}

const normalise = (a: db.AnnouncementFields): db.AnnouncementFields => ({
  ...a,
  contractor_ids: a.contractor_ids?.length ? a.contractor_ids : null,
  program_ids: a.program_ids?.length ? a.program_ids : null,
});

/** A stored link written before links were checked shows as none: the banner never carries an unsafe one. */
function safeLinks<T extends { image_url: string | null; link: string | null }>(a: T): T {
  const safe = (u: string | null) => (u && SAFE_LINK_PATTERN.test(u) ? u : null);
  return { ...a, image_url: safe(a.image_url), link: safe(a.link) };
}

export async function listAnnouncements(
  deps: Deps,
  user: AuthUser,
  active: boolean | undefined,
  page: { page_number: number; per_page: number },
) {
  assertMay(user, 'announcement.manage');
  const today = deps.now().toISOString().slice(0, 10);
  return { ...(await db.listAnnouncements(deps.db, { active_on: active ? today : undefined }, page)), ...page };
}

/** What a contractor sees on its jobs list: valid today, for all or its company, for all or its program. */
export async function currentAnnouncements(deps: Deps, user: AuthUser) {
  assertMay(user, 'announcement.read');
  const today = deps.now().toISOString().slice(0, 10);
  const all = (await db.listAnnouncements(deps.db, { active_on: today }, { page_number: 1, per_page: 100 })).items;
  if (user.role === 'ops') return { items: all.map(safeLinks) };
  const company = user.contractor_id === null ? undefined : await getContractor(deps.db, user.contractor_id);
  return {
    items: all
      .map(safeLinks)
      .filter(
        (a) =>
          (!a.contractor_ids || (company && a.contractor_ids.includes(company.id))) &&
          (!a.program_ids || (company?.program_id && a.program_ids.includes(company.program_id))),
      ),
  };
}

export async function readAnnouncement(deps: Deps, user: AuthUser, id: number) {
  assertMay(user, 'announcement.read');
  const a = await db.getAnnouncement(deps.db, id);
  if (!a) throw notFound('Announcement not found');
  if (user.role === 'contractor' && !(await currentAnnouncements(deps, user)).items.some((x) => x.id === id))
    throw notFound('Announcement not found');
  return a;
}

export async function createAnnouncement(deps: Deps, user: AuthUser, a: db.AnnouncementFields) {
  const fields = normalise(a);
  await check(deps, fields);
  const id = await db.insertAnnouncement(deps.db, { ...fields, created_by: user.id, at: deps.now().toISOString() });
  return (await db.getAnnouncement(deps.db, id))!;
}

export async function updateAnnouncement(deps: Deps, id: number, a: db.AnnouncementFields) {
  const fields = normalise(a);
  await check(deps, fields);
  if (!(await db.updateAnnouncement(deps.db, id, fields, deps.now().toISOString())))
    throw notFound('Announcement not found');
  return (await db.getAnnouncement(deps.db, id))!;
}

export async function deleteAnnouncement(deps: Deps, id: number) {
  if (!(await db.deleteAnnouncement(deps.db, id, deps.now().toISOString()))) throw notFound('Announcement not found');
}
