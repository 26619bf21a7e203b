/** Demo data for a fresh database (placeholder until the full demo lands). */

import type { Deps } from '../context.ts';

export function seedIfEmpty(deps: Deps): boolean {
  const n = (deps.db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n;
  return n === 0 && false;
}
