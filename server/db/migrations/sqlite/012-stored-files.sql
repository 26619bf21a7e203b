-- Uploaded files kept in the database (UPLOAD_STORAGE=database): every instance sharing the database
-- sees them, backed up with the rest. The disk storage (the default) keeps them under UPLOAD_DIR.
CREATE TABLE stored_files (
  name TEXT PRIMARY KEY,
  bytes BLOB NOT NULL,
  created_at TEXT NOT NULL
);
