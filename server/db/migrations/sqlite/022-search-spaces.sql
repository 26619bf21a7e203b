-- Nothing on SQLite: its FTS5 trigram index holds trigrams across spaces ('4 o' of '1234 oak st') already.
-- PostgreSQL's migration 022 adds their index there (pg_trgm reads a text as words).
SELECT 1;
