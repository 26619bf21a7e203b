-- Announcements, terms and conditions (versioned), energy providers, the equipment catalog.
CREATE TABLE announcements (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  content TEXT NOT NULL DEFAULT '',
  valid_from TEXT,
  valid_until TEXT,
  video_url TEXT,
  image_url TEXT,
  link TEXT,
  -- JSON arrays; NULL means everyone (all contractors / all programs).
  contractor_ids TEXT,
  program_ids TEXT,
  created_by INTEGER REFERENCES users(id),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  deleted_at TEXT
);

-- Every save is a new row; exactly one row is current.
CREATE TABLE terms_versions (
  id INTEGER PRIMARY KEY,
  version INTEGER NOT NULL UNIQUE,
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  sections TEXT NOT NULL,
  is_current INTEGER NOT NULL DEFAULT 0,
  restored_from INTEGER,
  created_by INTEGER REFERENCES users(id),
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX terms_one_current ON terms_versions (is_current) WHERE is_current = 1;

CREATE TABLE providers (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('electric', 'gas', 'both')),
  states TEXT NOT NULL DEFAULT '[]',
  preferred_vendor_id INTEGER REFERENCES contractors(id),
  notes TEXT,
  created_at TEXT NOT NULL,
  deleted_at TEXT
);

CREATE TABLE equipment (
  id INTEGER PRIMARY KEY,
  type TEXT NOT NULL CHECK (type IN ('heat_pump', 'water_heater', 'other')),
  manufacturer TEXT NOT NULL,
  model TEXT NOT NULL,
  ahri_id TEXT,
  seer REAL, seer2 REAL, hspf REAL, hspf2 REAL, cop REAL, afue REAL, uef REAL,
  capacity REAL, capacity_5f REAL, tonnage REAL, gallons REAL,
  neep INTEGER, energy_star INTEGER,
  indoor_unit_manufacturer TEXT, indoor_unit_model TEXT, furnace_model TEXT, zone_type TEXT, duct_type TEXT,
  created_at TEXT NOT NULL,
  deleted_at TEXT
);
CREATE INDEX equipment_type_manufacturer ON equipment (type, manufacturer COLLATE NOCASE, model COLLATE NOCASE);
CREATE INDEX equipment_ahri ON equipment (ahri_id);
