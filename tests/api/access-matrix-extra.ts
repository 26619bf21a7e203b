/** Rows of the access matrix for the search, admin and attachment routes. */

import type { Row } from './access-matrix.test.ts';

export const EXTRA_ACCESS: Record<string, Row> = {};
