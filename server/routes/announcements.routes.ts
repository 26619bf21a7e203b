/** Announcements: list (ops), what a contractor sees now, read, create, update, delete (ops). */

import { can, userOf } from '../abilities.ts';
import type { AppContext, AppRouter } from '../context.ts';
import { ANNOUNCEMENT } from '../../engine/api/admin-requests.ts';
import * as svc from '../services/announcements.service.ts';
import { checkBody, query } from '../validation.ts';
import { idParam, pageOf } from './params.ts';


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
