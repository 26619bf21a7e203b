-- Green Button feeds as utilities send them (issue 40): a feed may carry several channels of one meter (delivered,
-- the usage; received, a solar customer's export; net), so a reading is keyed by its channel too, and it keeps the
-- offset of the feed's local time at its start (seconds east of UTC, DST included) so it counts in its local
-- month. Rows written before have channel 'delivered' and no offset: they count in UTC months, as they did.
ALTER TABLE usage_readings ADD COLUMN channel TEXT COLLATE "C" NOT NULL DEFAULT 'delivered';
ALTER TABLE usage_readings ADD COLUMN utc_offset INTEGER;
ALTER TABLE usage_readings DROP CONSTRAINT usage_readings_pkey;
ALTER TABLE usage_readings ADD PRIMARY KEY (collection_id, meter_id, channel, start);
