/** Routes of announcements (being written). */

import type { AppRouter } from '../context.ts';

export function announcementsRoutes(_router: AppRouter): void {}
