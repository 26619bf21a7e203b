/**
 * The workflows the portal runs, in one list: each is a folder of its own (server/workflows/<name>/: its
 * service, work handlers, routes, database module and tests) and one line here. The core reaches them only
 * through this list (Deps.workflows; server/workflows/types.ts says what a workflow may add). Their order is
 * the order their fields are filled, their effects run and their routes are registered.
 */

import type { AppWorkflow } from '../context.ts';
import { signing } from './signing/index.ts';
import { usage } from './usage/index.ts';
import { payments } from './payments/index.ts';
import { homeowners } from './homeowners/index.ts';
import { terms } from './terms/index.ts';
import { budget } from './budget/index.ts';
import { quality } from './quality/index.ts';
import { reconciliation } from './reconciliation/index.ts';
import { records } from './records/index.ts';
import { reporting } from './reporting/index.ts';

export const WORKFLOWS: readonly AppWorkflow[] = [
  signing,
  usage,
  payments,
  homeowners,
  terms,
  budget,
  reconciliation,
  quality,
  reporting,
  records,
];
