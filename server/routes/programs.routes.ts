/** Routes of programs (being written). */

import type { AppRouter } from '../context.ts';

export function programsRoutes(_router: AppRouter): void {}
