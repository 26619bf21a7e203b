/**
 * Every routes module, registered in this order (search before jobs: /api/jobs/search is not a job id); the
 * workflows' routes (their folders declare them) come from the workflows the app runs, before the jobs routes.
 */

import type { AppRouter, AppWorkflow } from '../context.ts';
import { authRoutes } from './auth.routes.ts';
import { searchRoutes } from './search.routes.ts';
import { announcementsRoutes } from './announcements.routes.ts';
import { programsRoutes } from './programs.routes.ts';
import { impactRoutes } from './impact.routes.ts';
import { versionsRoutes } from './versions.routes.ts';
import { providersRoutes } from './providers.routes.ts';
import { equipmentRoutes } from './equipment.routes.ts';
import { preferencesRoutes } from './preferences.routes.ts';
import { attachmentsRoutes } from './attachments.routes.ts';
import { jobsRoutes } from './jobs.routes.ts';
import { tasksRoutes } from './tasks.routes.ts';
import { incomeRoutes } from './income.routes.ts';
import { contractorsRoutes } from './contractors.routes.ts';
import { openApiRoutes } from './openapi.routes.ts';
import { definitionsRoutes } from './definitions.routes.ts';
import { validatorsRoutes } from './validators.routes.ts';
import { workRoutes } from './work.routes.ts';
import { opsActionsRoutes } from './ops-actions.routes.ts';
import { oidcRoutes } from './oidc.routes.ts';
import { mailRoutes } from './mail.routes.ts';
import { liveRoutes } from '../live/live.routes.ts';

const CORE_ROUTES: ((router: AppRouter) => void)[] = [
  authRoutes,
  oidcRoutes,
  searchRoutes,
  announcementsRoutes,
  programsRoutes,
  impactRoutes,
  versionsRoutes,
  providersRoutes,
  equipmentRoutes,
  preferencesRoutes,
  attachmentsRoutes,
  tasksRoutes,
  incomeRoutes,
  workflowsHere,
  opsActionsRoutes,
  jobsRoutes,
  contractorsRoutes,
  definitionsRoutes,
  validatorsRoutes,
  workRoutes,
  mailRoutes,
  liveRoutes,
  openApiRoutes,
];

/** Where the workflows' routes go among the core's. */
function workflowsHere(): void {}

/** The routes modules of an app running `workflows`, in registration order. */
export function routeModules(workflows: readonly AppWorkflow[]): ((router: AppRouter) => void)[] {
  return CORE_ROUTES.flatMap((m) =>
    m === workflowsHere ? workflows.flatMap((w) => (w.routes ? [w.routes] : [])) : [m],
  );
}
