/** Routes of providers (being written). */

import type { AppRouter } from '../context.ts';

export function providersRoutes(_router: AppRouter): void {}
