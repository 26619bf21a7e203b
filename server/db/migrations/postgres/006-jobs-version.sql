-- A counter bumped by every change to jobs (and to contractor names, which lists show): list totals and
-- per-stage counts are cached against it, so a count over 100,000 rows runs once per change, not per
-- request; every portal instance sharing the database reads the same counter. The function and its
-- triggers belong to this schema (names resolve through the search path when the migration runs).
CREATE TABLE jobs_version (id INTEGER PRIMARY KEY CHECK (id = 1), v INTEGER NOT NULL);
INSERT INTO jobs_version (id, v) VALUES (1, 0);

CREATE FUNCTION bump_jobs_version() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  UPDATE jobs_version SET v = v + 1 WHERE id = 1;
  RETURN NULL;
END
$$;

CREATE TRIGGER jobs_version_change AFTER INSERT OR UPDATE OR DELETE ON jobs FOR EACH STATEMENT EXECUTE FUNCTION bump_jobs_version();
CREATE TRIGGER jobs_version_contractor AFTER UPDATE OF name ON contractors FOR EACH STATEMENT EXECUTE FUNCTION bump_jobs_version();
