-- Search on PostgreSQL: trigrams that hold a space. pg_trgm reads a text as words, a space only ending one, so
-- a trigram across a space ('4 o' of '1234 oak st', 'y s' of 'mary smith') is no key of jobs_search_trgm:
-- `LIKE '%4 o%'` narrows by the word-start trigram '  o' alone (every field with a word starting with o) and
-- rechecks thousands of rows, 8-10 ms a lookup at 100,000 jobs, where SQLite's FTS5 indexes '4 o' itself.
-- These indexes read each field holding a space with its spaces turned into U+01C2 ('ǂ', a letter to pg_trgm
-- under C.UTF-8 and the usual locales), so '4ǂo' is a trigram of the index and the same lookup reads its rows
-- only (0.7 ms). server/db/search.db.ts (pgLike) uses them for a pattern holding a space, with the plain LIKE
-- as recheck where a field holds the marker itself, so the keys found are exactly those of `text LIKE pattern`.
-- Under a locale where U+01C2 is no letter they are still exact, only not faster.
-- Partial (fields holding a space): codes, external ids and one-word fields never match such a pattern.
CREATE INDEX jobs_search_spaced ON jobs_search USING gin (translate(text, ' ', 'ǂ') public.gin_trgm_ops) WITH (fastupdate = off) WHERE strpos(text, ' ') > 0;
CREATE INDEX contractors_search_spaced ON contractors_search USING gin (translate(text, ' ', 'ǂ') public.gin_trgm_ops) WITH (fastupdate = off) WHERE strpos(text, ' ') > 0;
