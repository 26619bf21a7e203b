/** Announcements: list (ops), what a contractor sees now, read, create, update, delete (ops). */

import { can, userOf } from '../abilities.ts';
import type { AppContext, AppRouter } from '../context.ts';
import * as svc from '../services/announcements.service.ts';
import { checkBody, query } from '../validation.ts';
import { idParam, pageOf } from './params.ts';

const nullableString = (max: number, format?: string) => ({ type: ['string', 'null'], maxLength: max, ...(format ? { format } : {}) });
export const ANNOUNCEMENT = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'content'],
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 120 },
    content: { type: 'string', maxLength: 5000 },
    valid_from: { type: ['string', 'null'], format: 'date' },
    valid_until: { type: ['string', 'null'], format: 'date' },
    video_url: nullableString(500, 'uri'),
    image_url: nullableString(500, 'uri'),
    link: nullableString(500, 'uri'),
    contractor_ids: { type: ['array', 'null'], items: { type: 'integer' }, maxItems: 500 },
    program_ids: { type: ['array', 'null'], items: { type: 'string' }, maxItems: 20 },
  },
};

export function announcementsRoutes(router: AppRouter): void {
  router.get('/api/announcements', can('announcement.manage'), (ctx: AppContext) => {
    ctx.body = svc.listAnnouncements(ctx.deps, userOf(ctx), query.bool(ctx.query, 'active'), pageOf(ctx));
  });
  router.get('/api/announcements/current', can('announcement.read'), (ctx: AppContext) => {
    ctx.body = svc.currentAnnouncements(ctx.deps, userOf(ctx));
  });
  router.get('/api/announcements/:id', can('announcement.read'), (ctx: AppContext) => {
    ctx.body = svc.readAnnouncement(ctx.deps, userOf(ctx), idParam(ctx));
  });
  router.post('/api/announcements', can('announcement.manage'), (ctx: AppContext) => {
    const user = userOf(ctx);
    ctx.body = svc.createAnnouncement(ctx.deps, user, fill(checkBody(ANNOUNCEMENT, ctx.request.body)));
    ctx.status = 201;
  });
  router.put('/api/announcements/:id', can('announcement.manage'), (ctx: AppContext) => {
    ctx.body = svc.updateAnnouncement(ctx.deps, idParam(ctx), fill(checkBody(ANNOUNCEMENT, ctx.request.body)));
  });
  router.delete('/api/announcements/:id', can('announcement.manage'), (ctx: AppContext) => {
    svc.deleteAnnouncement(ctx.deps, idParam(ctx));
    ctx.status = 204;
  });
}

/** Absent optional fields are null. */
function fill(b: Record<string, unknown>) {
  return {
    title: b.title as string, content: (b.content as string) ?? '', valid_from: (b.valid_from as string) ?? null, valid_until: (b.valid_until as string) ?? null,
    video_url: (b.video_url as string) ?? null, image_url: (b.image_url as string) ?? null, link: (b.link as string) ?? null,
    contractor_ids: (b.contractor_ids as number[]) ?? null, program_ids: (b.program_ids as string[]) ?? null,
  };
}
