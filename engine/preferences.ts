/**
 * The stage-tab preferences as the jobs list applies them: the tab order (bucket_order) and the SLA
 * days per stage tab (sla_days_in_stage). Stored preferences predate both shapes (an SLA was one integer
 * for every tab; an order could be partial), so readers go through these, never the raw value.
 */

import { STAGE_TABS, type StageTab } from './constants.ts';

/** SLA days per stage tab; a tab that is absent has no limit. */
export type SlaDaysByTab = Partial<Record<StageTab, number>>;

const isTab = (t: unknown): t is StageTab => (STAGE_TABS as readonly unknown[]).includes(t);
const isDays = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= 365;

/**
 * The stage tabs in the user's order: the known tabs of `order` once each, in its order, then the tabs
 * it leaves out in their standard order (so a stored partial order still lists every tab).
 */
export function stageTabOrder(order: unknown): StageTab[] {
  const out: StageTab[] = [];
  if (Array.isArray(order)) for (const t of order) if (isTab(t) && !out.includes(t)) out.push(t);
  for (const t of STAGE_TABS) if (!out.includes(t)) out.push(t);
  return out;
}

/**
 * SLA days per stage tab from a stored value: an object keeps its valid days per known tab; one
 * integer (the old shape) is the same limit for every tab; anything else is no limit.
 */
export function slaDaysByTab(value: unknown): SlaDaysByTab {
  if (isDays(value)) return Object.fromEntries(STAGE_TABS.map((t) => [t, value])) as SlaDaysByTab;
  const out: SlaDaysByTab = {};
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [t, n] of Object.entries(value)) if (isTab(t) && isDays(n)) out[t] = n;
  }
  return out;
}

/** Whether a job that has been `days` in a stage of `tab` is past that tab's SLA (never, for a tab without one). */
export function isOverSla(sla: SlaDaysByTab, tab: string | null | undefined, days: number): boolean {
  const limit = isTab(tab) ? sla[tab] : undefined;
  return limit !== undefined && days > limit;
}
