/** Routes of equipment (being written). */

import type { AppRouter } from '../context.ts';

export function equipmentRoutes(_router: AppRouter): void {}
