/** Homeowner invitations: a job's homeowner invited to the portal, linked to the job, sent a sign-in link. */

import type { AppWorkflow } from '../../context.ts';
import { homeownersRoutes } from './homeowners.routes.ts';

export const homeowners: AppWorkflow = {
  name: 'homeowners',
  routes: homeownersRoutes,
  history: ['homeowner_invited', 'homeowner_linked', 'homeowner_sign_in_link_sent'],
  abilities: ['job.invite_homeowner', 'job.send_homeowner_sign_in_link'],
};
