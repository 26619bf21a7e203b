-- Nothing on SQLite: the FTS5 tables of migration 004 already hold one row per searchable field. On
-- PostgreSQL this migration moves search to the same layout (one pg_trgm-indexed table per index).
SELECT 1;
