-- The signed PDF's own SHA-256 (issue 40): the sealed file as stored, so a copy can be checked against it.
ALTER TABLE documents ADD COLUMN signed_sha256 TEXT;
