/** GET /api/mail/templates (ops): every mail template, who gets it and when, with its placeholders' meaning. */

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MailTemplateList } from '../../../../engine/api/misc.ts';
import { api } from '../../../lib/api-client.ts';
import { mailKeys } from './get-outbox.ts';

/** One template as the API answers it: the answer contract's type (engine/api/misc.ts). */
export type MailTemplateView = MailTemplateList[number];

export function getMailTemplates(): Promise<MailTemplateList> {
  return api<MailTemplateList>('GET', '/api/mail/templates');
}

// The templates are the server's code: they change only with a deploy.
export const mailTemplatesQuery = queryOptions({
  queryKey: mailKeys.templates,
  queryFn: getMailTemplates,
  staleTime: Infinity,
});

export function useMailTemplates() {
  return useQuery(mailTemplatesQuery);
}
