/** Demo announcements, terms and conditions (three versions), energy providers and an equipment catalog. */

import type { Deps } from '../context.ts';
import { insertAnnouncement, insertEquipment, insertProvider, insertTermsVersion } from '../db/admin.db.ts';

const HP_MAKERS: [string, string][] = [
  ['Mitsubishi', 'MXZ'],
  ['Daikin', 'DZ'],
  ['Carrier', '25VNA'],
  ['Trane', 'XV'],
  ['Lennox', 'XP'],
  ['Bosch', 'IDS'],
  ['Fujitsu', 'AOU'],
  ['Goodman', 'GSZV'],
  ['Rheem', 'RP20'],
  ['LG', 'LMU'],
  ['Bryant', '288B'],
  ['American Standard', '4A7V'],
];
const WH_MAKERS: [string, string][] = [
  ['Rheem', 'ProTerra'],
  ['A. O. Smith', 'Voltex'],
  ['Bradford White', 'AeroTherm'],
  ['State', 'Premier'],
  ['Stiebel Eltron', 'Accelera'],
];
const OTHER: [string, string][] = [
  ['Square D', 'QO 200A panel'],
  ['Eaton', 'BR 200A panel'],
  ['Span', 'Smart Panel'],
  ['Leviton', 'Load Center 225A'],
  ['ecobee', 'Smart Thermostat Premium'],
  ['Google', 'Nest Learning Thermostat'],
  ['Honeywell', 'T9 Smart Thermostat'],
  ['ConnectDER', 'Meter collar adapter'],
  ['Siemens', '200A subpanel'],
  ['Emporia', 'Smart breaker'],
  ['Lumin', 'Smart Panel'],
  ['GE', 'PowerMark 125A'],
  ['Sense', 'Energy Monitor'],
  ['Broan', 'ERV 70'],
  ['Panasonic', 'Intelli-Balance 100'],
];

export async function seedAdminDemo(deps: Deps, opts: { contractorIds: number[]; opsUserId: number }): Promise<void> {
  const now = deps.now();
  const day = (offset: number) => new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const at = now.toISOString();
  const ann = async (a: Partial<Parameters<typeof insertAnnouncement>[1]> & { title: string; content: string }) =>
    await insertAnnouncement(deps.db, {
      valid_from: null,
      valid_until: null,
      video_url: null,
      image_url: null,
      link: null,
      contractor_ids: null,
      program_ids: null,
      created_by: opts.opsUserId,
      at,
      ...a,
    });
  await ann({
    title: 'New final invoice checklist',
    content: 'Final invoices must show the total before incentive and be signed by the homeowner.',
    valid_from: day(-10),
    valid_until: day(60),
    link: 'https://example.com/checklist',
  });
  await ann({
    title: 'WI HEAR: heat pump cap reminder',
    content: 'Heat pump incentives are capped at $8,000 per home.',
    program_ids: ['wi-hear'],
    valid_from: day(-5),
  });
  await ann({
    title: 'Training video: photo uploads from the job site',
    content: 'How to take geotagged photos that pass review.',
    video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    valid_from: day(-20),
  });
  await ann({
    title: 'Northwind HVAC: account review',
    content: 'Please confirm your primary contact by Friday.',
    contractor_ids: opts.contractorIds.slice(0, 1),
    valid_from: day(-2),
    valid_until: day(14),
  });
  await ann({
    title: 'Holiday processing times',
    content: 'Reviews take up to five business days over the holidays.',
    valid_from: day(-90),
    valid_until: day(-30),
  });
  await ann({
    title: 'GA HEAR launch webinar',
    content: 'Join us to learn the Georgia HEAR workflow.',
    program_ids: ['ga-hear'],
    image_url: 'https://example.com/ga-hear.png',
    valid_from: day(-1),
    valid_until: day(30),
  });

  const sections = (extra: string[]) => [
    {
      title: 'Program participation',
      items: [
        'The contractor installs the measures described in the scope of work.',
        'The homeowner allows program staff to verify the installation.',
      ],
    },
    {
      title: 'Incentive payment',
      items: [
        'Incentives are paid after the final documents are approved.',
        'The incentive never exceeds the cost of the measure.',
        ...extra,
      ],
    },
    { title: 'Data use', items: ['Energy usage data is used to evaluate the program.'] },
  ];
  await insertTermsVersion(deps.db, {
    title: 'Program terms and conditions',
    description: 'Version for the 2025 program year.',
    sections: sections([]),
    created_by: opts.opsUserId,
    at: new Date(now.getTime() - 200 * 86_400_000).toISOString(),
  });
  await insertTermsVersion(deps.db, {
    title: 'Program terms and conditions',
    description: 'Adds the invoice rule.',
    sections: sections(['The final invoice must be signed by the homeowner.']),
    created_by: opts.opsUserId,
    at: new Date(now.getTime() - 90 * 86_400_000).toISOString(),
  });
  await insertTermsVersion(deps.db, {
    title: 'Program terms and conditions',
    description: 'Adds the payment timeline.',
    sections: sections([
      'The final invoice must be signed by the homeowner.',
      'Payments are sent within 30 days of approval.',
    ]),
    created_by: opts.opsUserId,
    at: new Date(now.getTime() - 10 * 86_400_000).toISOString(),
  });

  const providers: [string, 'electric' | 'gas' | 'both', string[]][] = [
    ['We Energies', 'both', ['WI']],
    ['Madison Gas and Electric', 'both', ['WI']],
    ['Alliant Energy', 'both', ['WI']],
    ['Pacific Gas and Electric', 'both', ['CA']],
    ['Southern California Edison', 'electric', ['CA']],
    ['San Diego Gas & Electric', 'both', ['CA']],
    ['Southern California Gas', 'gas', ['CA']],
    ['Central Coast Community Energy', 'electric', ['CA']],
    ['Peninsula Clean Energy', 'electric', ['CA']],
    ['Georgia Power', 'electric', ['GA']],
    ['Atlanta Gas Light', 'gas', ['GA']],
    ['Rockland Electric Company', 'electric', ['NJ']],
  ];
  for (const [i, [name, type, states]] of providers.entries()) {
    await insertProvider(deps.db, {
      name,
      type,
      states,
      preferred_vendor_id: i % 3 === 2 ? null : opts.contractorIds[i % opts.contractorIds.length],
      notes: null,
      at,
    });
  }

  for (let i = 0; i < 60; i++) {
    const [maker, prefix] = HP_MAKERS[i % HP_MAKERS.length];
    const tons = 1.5 + (i % 5) * 0.5;
    await insertEquipment(deps.db, {
      type: 'heat_pump',
      manufacturer: maker,
      model: `${prefix}-${String(18 + (i % 5) * 6).padStart(2, '0')}${String.fromCharCode(65 + (i % 7))}${i}`,
      ahri_id: String(210000000 + i * 7919),
      seer: 16 + (i % 8),
      seer2: 15.2 + (i % 8) * 0.9,
      hspf: 9 + (i % 4) * 0.5,
      hspf2: 7.8 + (i % 4) * 0.6,
      cop: 3 + (i % 5) * 0.2,
      capacity: Math.round(tons * 12000),
      capacity_5f: Math.round(tons * 12000 * (0.6 + (i % 4) * 0.1)),
      tonnage: tons,
      neep: i % 3 !== 0,
      energy_star: i % 4 !== 0,
      indoor_unit_manufacturer: maker,
      indoor_unit_model: `${prefix}-IU${i}`,
      furnace_model: i % 6 === 0 ? `${maker} 96% AFUE` : null,
      zone_type: i % 2 ? 'multi_zone' : 'single_zone',
      duct_type: i % 3 ? 'ducted' : 'ductless',
      at,
    });
  }
  for (let i = 0; i < 25; i++) {
    const [maker, line] = WH_MAKERS[i % WH_MAKERS.length];
    const gallons = [40, 50, 65, 80][i % 4];
    await insertEquipment(deps.db, {
      type: 'water_heater',
      manufacturer: maker,
      model: `${line} ${gallons}-${i}`,
      ahri_id: String(300000000 + i * 104729),
      uef: 3.2 + (i % 6) * 0.1,
      gallons,
      energy_star: i % 5 !== 0,
      at,
    });
  }
  for (const [maker, model] of OTHER) await insertEquipment(deps.db, { type: 'other', manufacturer: maker, model, at });
}
