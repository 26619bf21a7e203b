/** Announcements: list (ops), what a contractor sees now, read, create, update, delete (ops). */

import { userOf } from '../abilities.ts';
import { route } from './declare.ts';
import { ANNOUNCEMENT_ANSWER, ANNOUNCEMENT_PAGE, CURRENT_ANNOUNCEMENTS } from '../../engine/api/admin-responses.ts';
import { PAGE } from '../openapi/query-docs.ts';
import type { AppContext, AppRouter } from '../context.ts';
import { ANNOUNCEMENT } from '../../engine/api/admin-requests.ts';
import * as svc from '../services/announcements.service.ts';
import { query } from '../validation.ts';
import { idParam, pageOf } from './params.ts';

export function announcementsRoutes(router: AppRouter): void {
  route(
    router,
    {
      method: 'get',
      path: '/api/announcements',
      ability: 'announcement.manage',
      tag: 'announcements',
      summary: 'Announcements, newest first',
      query: { active: { description: 'Only those valid today', schema: { type: 'boolean' } }, ...PAGE },
      response: ANNOUNCEMENT_PAGE,
    },
    async (ctx: AppContext) => {
      ctx.body = await svc.listAnnouncements(ctx.deps, userOf(ctx), query.bool(ctx.query, 'active'), pageOf(ctx));
    },
  );
  route(
    router,
    {
      method: 'get',
      path: '/api/announcements/current',
      ability: 'announcement.read',
      tag: 'announcements',
      summary: 'Announcements valid today for the signed-in contractor (audience by company and program)',
      response: CURRENT_ANNOUNCEMENTS,
    },
    async (ctx: AppContext) => {
      ctx.body = await svc.currentAnnouncements(ctx.deps, userOf(ctx));
    },
  );
  route(
    router,
    {
      method: 'get',
      path: '/api/announcements/:id',
      ability: 'announcement.read',
      tag: 'announcements',
      summary: 'An announcement',
      errors: [404],
      response: ANNOUNCEMENT_ANSWER,
    },
    async (ctx: AppContext) => {
      ctx.body = await svc.readAnnouncement(ctx.deps, userOf(ctx), idParam(ctx));
    },
  );
  route(
    router,
    {
      method: 'post',
      path: '/api/announcements',
      ability: 'announcement.manage',
      tag: 'announcements',
      summary: 'Create an announcement',
      body: ANNOUNCEMENT,
      status: 201,
      errors: [422],
      response: ANNOUNCEMENT_ANSWER,
    },
    async (ctx, body) => {
      const user = userOf(ctx);
      ctx.body = await svc.createAnnouncement(ctx.deps, user, fill(body));
      ctx.status = 201;
    },
  );
  route(
    router,
    {
      method: 'put',
      path: '/api/announcements/:id',
      ability: 'announcement.manage',
      tag: 'announcements',
      summary: 'Update an announcement',
      body: ANNOUNCEMENT,
      errors: [404, 422],
      response: ANNOUNCEMENT_ANSWER,
      load: idParam,
    },
    async (ctx, body, id) => {
      ctx.body = await svc.updateAnnouncement(ctx.deps, id, fill(body));
    },
  );
  route(
    router,
    {
      method: 'delete',
      path: '/api/announcements/:id',
      ability: 'announcement.manage',
      tag: 'announcements',
      summary: 'Delete an announcement',
      status: 204,
      errors: [404],
    },
    async (ctx: AppContext) => {
      await svc.deleteAnnouncement(ctx.deps, idParam(ctx));
      ctx.status = 204;
    },
  );
}

/** Absent optional fields are null. */
function fill(b: Record<string, unknown>) {
  return {
    title: b.title as string,
    content: (b.content as string) ?? '',
    valid_from: (b.valid_from as string) ?? null,
    valid_until: (b.valid_until as string) ?? null,
    video_url: (b.video_url as string) ?? null,
    image_url: (b.image_url as string) ?? null,
    link: (b.link as string) ?? null,
    contractor_ids: (b.contractor_ids as number[]) ?? null,
    program_ids: (b.program_ids as string[]) ?? null,
  };
}
