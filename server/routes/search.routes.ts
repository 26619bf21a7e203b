/** Routes of search (being written). */

import type { AppRouter } from '../context.ts';

export function searchRoutes(_router: AppRouter): void {}
