/** Routes of terms (being written). */

import type { AppRouter } from '../context.ts';

export function termsRoutes(_router: AppRouter): void {}
