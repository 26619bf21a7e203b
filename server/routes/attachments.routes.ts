/** Routes of attachments (being written). */

import type { AppRouter } from '../context.ts';

export function attachmentsRoutes(_router: AppRouter): void {}
