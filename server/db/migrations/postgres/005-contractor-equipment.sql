-- Equipment a contractor company installs (its preferred catalog entries), read with include_equipment.
CREATE TABLE contractor_equipment (
  contractor_id INTEGER NOT NULL REFERENCES contractors(id),
  equipment_id INTEGER NOT NULL,
  PRIMARY KEY (contractor_id, equipment_id)
);
