-- Green Button feeds as utilities send them (issue 40): a feed may carry several channels of one meter (delivered,
-- the usage; received, a solar customer's export; net), so a reading is keyed by its channel too, and it keeps the
-- offset of the feed's local time at its start (seconds east of UTC, DST included) so it counts in its local
-- month. Rows written before have channel 'delivered' and no offset: they count in UTC months, as they did.
-- SQLite cannot change a primary key in place: the table is copied.
CREATE TABLE usage_readings_new (
  collection_id INTEGER NOT NULL REFERENCES usage_collections(id),
  meter_id TEXT NOT NULL,
  channel TEXT NOT NULL DEFAULT 'delivered',
  service TEXT NOT NULL,
  start TEXT NOT NULL,
  seconds INTEGER NOT NULL,
  value REAL NOT NULL,
  unit TEXT NOT NULL,
  utc_offset INTEGER,
  PRIMARY KEY (collection_id, meter_id, channel, start)
);
INSERT INTO usage_readings_new (collection_id, meter_id, service, start, seconds, value, unit)
  SELECT collection_id, meter_id, service, start, seconds, value, unit FROM usage_readings;
DROP TABLE usage_readings;
ALTER TABLE usage_readings_new RENAME TO usage_readings;
