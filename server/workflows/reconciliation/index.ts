/**
 * Reconciliation (issue 41): what a program administrator checks each month — payments approved, payables created,
 * paid, rejected and paid by hand, the budget's movements, the jobs whose money differs, and the ledger check — as a
 * screen (/reconciliation), a CSV download and `rebate db check-ledger`.
 */

import type { AppWorkflow } from '../../context.ts';
import { reconciliationRoutes } from './reconciliation.routes.ts';

export const reconciliation: AppWorkflow = {
  name: 'reconciliation',
  routes: reconciliationRoutes,
  abilities: ['reconciliation.view'],
};
