/** Mail as ops read it: every template the portal renders its mail from (the sent mail is GET /api/auth/outbox). */

import { route } from './declare.ts';
import { MAIL_TEMPLATE_LIST } from '../../engine/api/misc.ts';
import type { AppRouter } from '../context.ts';
import { MAIL_TEMPLATES } from '../mail/templates.ts';

export function mailRoutes(router: AppRouter): void {
  route(
    router,
    {
      method: 'get',
      path: '/api/mail/templates',
      ability: 'mail.read_templates',
      tag: 'mail',
      summary: 'Every mail template: who gets it, when, its subject and body with placeholders and their meaning',
      response: MAIL_TEMPLATE_LIST,
    },
    () =>
      Object.entries(MAIL_TEMPLATES).map(([key, t]) => ({
        key,
        title: t.title,
        audience: t.audience,
        when: t.when,
        subject: t.subject,
        body: t.body,
        placeholders: { ...t.placeholders },
      })),
  );
}
