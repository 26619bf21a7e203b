/** Every routes module, registered in this order. */

import type { AppRouter } from '../context.ts';
import { authRoutes } from './auth.routes.ts';

export const ROUTE_MODULES: ((router: AppRouter) => void)[] = [authRoutes];
