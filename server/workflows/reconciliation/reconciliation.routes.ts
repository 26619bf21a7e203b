/** Reconciliation for ops: per program and month, as JSON for the screen and as a CSV download. */

import { RECONCILIATION, RECONCILIATION_MESSAGES } from '../../../engine/api/reconciliation.ts';
import type { AppContext, AppRouter } from '../../context.ts';
import { badRequest } from '../../errors.ts';
import { str } from '../../openapi/query-docs.ts';
import { route } from '../../routes/declare.ts';
import { query } from '../../validation.ts';
import { reconcile, reconciliationCsv, type ReconciliationFilter } from './reconciliation.service.ts';

const QUERY = {
  program_id: str('Only this program'),
  month: str('Only this month (YYYY-MM, UTC)', { pattern: '^\\d{4}-\\d{2}$' }),
};

/** The filter the query asks for: a known program, a month as YYYY-MM (400 otherwise). */
function filterOf(ctx: AppContext): ReconciliationFilter {
  const program_id = query.str(ctx.query, 'program_id');
  const month = query.str(ctx.query, 'month');
  if (program_id !== undefined && !ctx.deps.defs.programs[program_id])
    throw badRequest(RECONCILIATION_MESSAGES.unknown_program, 'invalid_query');
  if (month !== undefined && !/^\d{4}-(0[1-9]|1[0-2])$/.test(month))
    throw badRequest(RECONCILIATION_MESSAGES.bad_month, 'invalid_query');
  return { program_id, month };
}

export function reconciliationRoutes(router: AppRouter): void {
  route(
    router,
    {
      method: 'get',
      path: '/api/reconciliation',
      ability: 'reconciliation.view',
      tag: 'budgets',
      summary:
        'Per program and month (UTC): payments approved, payables created, paid, rejected, paid by hand, budget movements and the jobs whose money differs; and the ledger check',
      query: QUERY,
      response: RECONCILIATION,
    },
    async (ctx) => {
      return reconcile(ctx.deps, filterOf(ctx));
    },
  );
  route(
    router,
    {
      method: 'get',
      path: '/api/reconciliation.csv',
      ability: 'reconciliation.view',
      tag: 'budgets',
      summary: 'The reconciliation as a CSV file: one row per program and month, amounts in dollars',
      query: QUERY,
      returns: 'The CSV file',
      produces: 'text/csv',
    },
    async (ctx: AppContext) => {
      const csv = reconciliationCsv(await reconcile(ctx.deps, filterOf(ctx)));
      ctx.set('Content-Type', 'text/csv; charset=utf-8');
      ctx.set('Content-Disposition', 'attachment; filename="reconciliation.csv"');
      ctx.set('Cache-Control', 'private, no-store');
      ctx.body = csv;
    },
  );
}
