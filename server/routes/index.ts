/** Every routes module, registered in this order (search before jobs: /api/jobs/search is not a job id). */

import type { AppRouter } from '../context.ts';
import { authRoutes } from './auth.routes.ts';
import { searchRoutes } from './search.routes.ts';
import { announcementsRoutes } from './announcements.routes.ts';
import { programsRoutes } from './programs.routes.ts';
import { impactRoutes } from './impact.routes.ts';
import { versionsRoutes } from './versions.routes.ts';
import { termsRoutes } from '../workflows/terms/terms.routes.ts';
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
import { documentsRoutes } from '../workflows/signing/documents.routes.ts';
import { usageRoutes } from '../workflows/usage/usage.routes.ts';
import { homeownersRoutes } from '../workflows/homeowners/homeowners.routes.ts';
import { opsActionsRoutes } from './ops-actions.routes.ts';
import { oidcRoutes } from './oidc.routes.ts';
import { mailRoutes } from './mail.routes.ts';

export const ROUTE_MODULES: ((router: AppRouter) => void)[] = [
  authRoutes,
  oidcRoutes,
  searchRoutes,
  announcementsRoutes,
  programsRoutes,
  impactRoutes,
  versionsRoutes,
  termsRoutes,
  providersRoutes,
  equipmentRoutes,
  preferencesRoutes,
  attachmentsRoutes,
  tasksRoutes,
  incomeRoutes,
  documentsRoutes,
  usageRoutes,
  homeownersRoutes,
  opsActionsRoutes,
  jobsRoutes,
  contractorsRoutes,
  definitionsRoutes,
  validatorsRoutes,
  workRoutes,
  mailRoutes,
  openApiRoutes,
];
