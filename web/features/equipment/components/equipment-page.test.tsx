/**
 * The equipment catalogs (spec sect. 2): /equipment is the Other equipment page, with tabs Heat pumps,
 * Water heaters and Other equipment at /equipment/heat-pumps, /equipment/water-heaters and /equipment;
 * each tab shows its own catalog under its own heading, and a search carries over from tab to tab.
 */

import { afterEach, describe, expect, it, vi } from 'vitest';
import { click, mount, type Mounted } from '../../../lib/testing/render.tsx';
import type { EquipmentPage } from '../../../../engine/api/admin-responses.ts';
import { paths } from '../../../config/paths.ts';
import { Component as EquipmentCatalogPage } from './equipment-page.tsx';

const EMPTY: EquipmentPage = { items: [], total: 0, page_number: 1, per_page: 25 };

let page: Mounted | undefined;
let host: HTMLElement;
let router: Mounted['router'];
let asked: URL[] = [];

/** Mounts the three catalog routes at `at`, the API answering an empty catalog and recording each request. */
async function open(at: string) {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      asked.push(new URL(String(input), 'http://localhost'));
      return new Response(JSON.stringify(EMPTY), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  page = await mount({
    at,
    routes: (['Equipment', 'HeatPumps', 'WaterHeaters'] as const).map((name) => ({
      path: paths[name].path,
      handle: { name, title: paths[name].title },
      Component: EquipmentCatalogPage,
    })),
  });
  ({ host, router } = page);
}
const tabs = () => Array.from(host.querySelectorAll('[role="tab"]'));
const tab = (name: string) => tabs().find((t) => t.textContent === name);
const heading = () => host.querySelector('h1')?.textContent;
const typesAsked = () => asked.filter((u) => u.pathname === '/api/equipment').map((u) => u.searchParams.get('type'));

afterEach(async () => {
  await page?.unmount();
  vi.unstubAllGlobals();
});

describe('/equipment', () => {
  it('is the Other equipment page: its route title, its heading, its tab selected, the other catalog listed', async () => {
    expect(paths.Equipment).toEqual({ path: '/equipment', title: 'Other equipment' });
    await open('/equipment');
    expect(heading()).toBe('Other equipment');
    expect(tabs().map((t) => t.textContent)).toEqual(['Heat pumps', 'Water heaters', 'Other equipment']);
    expect(tab('Other equipment')?.getAttribute('aria-selected')).toBe('true');
    expect(typesAsked()).toEqual(['other']);
    expect(host.textContent).toContain('No other equipment in the catalog yet.');
  });

  it('its tabs go to /equipment/heat-pumps and /equipment/water-heaters, each with its own heading and catalog', async () => {
    await open('/equipment');
    await click(tab('Heat pumps')!);
    expect(router.state.location.pathname).toBe('/equipment/heat-pumps');
    expect(heading()).toBe('Heat pumps');
    await click(tab('Water heaters')!);
    expect(router.state.location.pathname).toBe('/equipment/water-heaters');
    expect(heading()).toBe('Water heaters');
    expect(typesAsked()).toEqual(['other', 'heat_pump', 'water_heater']);
  });

  it('Other equipment goes back to /equipment, keeping the search', async () => {
    await open('/equipment/water-heaters?q=Rheem');
    expect(tab('Water heaters')?.getAttribute('aria-selected')).toBe('true');
    await click(tab('Other equipment')!);
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/equipment?q=Rheem');
    expect(heading()).toBe('Other equipment');
    expect(asked.at(-1)?.searchParams.get('q')).toBe('Rheem');
  });
});
