/**
 * The tables of the catalogs ops keep (announcements, terms and conditions versions, energy providers,
 * equipment and a contractor's equipment): server/db/admin.db.ts. Every table is listed in schema.ts.
 */

import type { Generated } from 'kysely';

type Id = Generated<number>;
type Text = string | null;
type Real = number | null;
type Int = number | null;
/** A column with a default: optional on insert. */
type Flag = Generated<number>;

export interface AnnouncementsTable {
  id: Id;
  title: string;
  content: Generated<string>;
  valid_from: Text;
  valid_until: Text;
  video_url: Text;
  image_url: Text;
  link: Text;
  /** JSON arrays; null means everyone. */
  contractor_ids: Text;
  program_ids: Text;
  created_by: Int;
  created_at: string;
  updated_at: string;
  deleted_at: Text;
}

export interface TermsVersionsTable {
  id: Id;
  version: number;
  title: string;
  description: Generated<string>;
  sections: string;
  is_current: Flag;
  restored_from: Int;
  created_by: Int;
  created_at: string;
}

export interface ProvidersTable {
  id: Id;
  name: string;
  type: 'electric' | 'gas' | 'both';
  states: Generated<string>;
  preferred_vendor_id: Int;
  notes: Text;
  created_at: string;
  deleted_at: Text;
}

export interface EquipmentTable {
  id: Id;
  type: 'heat_pump' | 'water_heater' | 'other';
  manufacturer: string;
  model: string;
  ahri_id: Text;
  seer: Real;
  seer2: Real;
  hspf: Real;
  hspf2: Real;
  cop: Real;
  afue: Real;
  uef: Real;
  capacity: Real;
  capacity_5f: Real;
  tonnage: Real;
  gallons: Real;
  neep: Int;
  energy_star: Int;
  indoor_unit_manufacturer: Text;
  indoor_unit_model: Text;
  furnace_model: Text;
  zone_type: Text;
  duct_type: Text;
  created_at: string;
  deleted_at: Text;
}

export interface ContractorEquipmentTable {
  contractor_id: number;
  equipment_id: number;
}
