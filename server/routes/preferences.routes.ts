/** Routes of preferences (being written). */

import type { AppRouter } from '../context.ts';

export function preferencesRoutes(_router: AppRouter): void {}
