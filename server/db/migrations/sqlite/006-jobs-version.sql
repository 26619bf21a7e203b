-- A counter bumped by every change to jobs (and to contractor names, which lists show): list totals and
-- per-stage counts are cached against it, so a count over 100,000 rows runs once per change, not per request.
CREATE TABLE jobs_version (id INTEGER PRIMARY KEY CHECK (id = 1), v INTEGER NOT NULL);
INSERT INTO jobs_version (id, v) VALUES (1, 0);
CREATE TRIGGER jobs_version_insert AFTER INSERT ON jobs BEGIN UPDATE jobs_version SET v = v + 1 WHERE id = 1; END;
CREATE TRIGGER jobs_version_update AFTER UPDATE ON jobs BEGIN UPDATE jobs_version SET v = v + 1 WHERE id = 1; END;
CREATE TRIGGER jobs_version_delete AFTER DELETE ON jobs BEGIN UPDATE jobs_version SET v = v + 1 WHERE id = 1; END;
CREATE TRIGGER jobs_version_contractor AFTER UPDATE OF name ON contractors BEGIN UPDATE jobs_version SET v = v + 1 WHERE id = 1; END;
