/** Descriptions of the search, admin and attachment routes (filled as those routes land). */

import type { RouteDoc } from './route-docs.ts';

export const EXTRA_ROUTE_DOCS: Record<string, RouteDoc> = {};
