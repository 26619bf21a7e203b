-- A company's search (issue 47). Each lookup of a contractor's search asked FTS5 for every field holding a trigram and
-- kept its company's (`(rowid >> 3) IN (its jobs)`): at a million jobs a company of 20,000 read the matches of all 200
-- companies, 60-150 ms a search on the process's one thread. Now each job's search rows end with its company as one
-- trigram of its own: char(4) then two private-use characters spelling the company's id in base 4096 (ids below
-- 16,777,216; a job of another company or of none has no such trigram). A contractor's lookup ANDs it with the query's
-- trigrams, so FTS5 steps through the company's rows alone. Queries never hold char(4) (search drops control
-- characters), so no query trigram is a company's; the scope's own check stays beside it (search.db.ts).
DROP TRIGGER jobs_search_insert;
DROP TRIGGER jobs_search_update;
DROP TRIGGER jobs_search_contractor_rename;
DROP VIEW jobs_search_fields;

-- Job fields: 0 full_name, 1 address, 2 city, 3 contractor name, 4 code, 5 external_id; `company`: the job's company
-- trigram ('' without one).
CREATE VIEW jobs_search_fields AS
  WITH f AS (
    SELECT id, contractor_id, id * 8 + 0 AS key, full_name AS value FROM jobs
    UNION ALL SELECT id, contractor_id, id * 8 + 1, address FROM jobs
    UNION ALL SELECT id, contractor_id, id * 8 + 2, city FROM jobs
    UNION ALL SELECT j.id, j.contractor_id, j.id * 8 + 3, c.name FROM jobs j JOIN contractors c ON c.id = j.contractor_id
    UNION ALL SELECT id, contractor_id, id * 8 + 4, code FROM jobs
    UNION ALL SELECT id, contractor_id, id * 8 + 5, external_id FROM jobs
  )
  SELECT id AS job_id, key, value,
    CASE WHEN contractor_id BETWEEN 0 AND 16777215
      THEN char(4, 57344 + (contractor_id >> 12), 57344 + (contractor_id & 4095)) ELSE '' END AS company
  FROM f;

DELETE FROM jobs_search;
INSERT INTO jobs_search (rowid, text)
  SELECT key, char(2) || value || char(3) || company FROM jobs_search_fields WHERE value IS NOT NULL AND value <> '' ORDER BY key;

CREATE TRIGGER jobs_search_insert AFTER INSERT ON jobs BEGIN
  INSERT INTO jobs_search (rowid, text)
    SELECT key, char(2) || value || char(3) || company FROM jobs_search_fields WHERE job_id = new.id AND value IS NOT NULL AND value <> '';
END;

CREATE TRIGGER jobs_search_update AFTER UPDATE OF full_name, address, city, contractor_id, code, external_id ON jobs BEGIN
  DELETE FROM jobs_search WHERE rowid BETWEEN old.id * 8 AND old.id * 8 + 7;
  INSERT INTO jobs_search (rowid, text)
    SELECT key, char(2) || value || char(3) || company FROM jobs_search_fields WHERE job_id = new.id AND value IS NOT NULL AND value <> '';
END;

-- A renamed company is renamed in the search text of each of its jobs (its trigram as the view spells it).
CREATE TRIGGER jobs_search_contractor_rename AFTER UPDATE OF name ON contractors BEGIN
  UPDATE jobs_search SET text = char(2) || new.name || char(3) || char(4, 57344 + (new.id >> 12), 57344 + (new.id & 4095))
    WHERE rowid IN (SELECT id * 8 + 3 FROM jobs WHERE contractor_id = new.id) AND new.id BETWEEN 0 AND 16777215;
  UPDATE jobs_search SET text = char(2) || new.name || char(3)
    WHERE rowid IN (SELECT id * 8 + 3 FROM jobs WHERE contractor_id = new.id) AND new.id NOT BETWEEN 0 AND 16777215;
END;
