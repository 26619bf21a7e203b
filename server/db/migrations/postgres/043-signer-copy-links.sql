-- A signer's copy link (issue 42), apart from the link they signed with: the copy mail sent once everyone signed
-- carries a new link, and the one the signer holds on the thank-you page keeps working until it expires (it was
-- replaced before, and the page that had just signed lost its copy when the last signature came in first).
ALTER TABLE document_signatures ADD COLUMN copy_token_hash TEXT;
ALTER TABLE document_signatures ADD COLUMN copy_token_expires_at TEXT;
CREATE UNIQUE INDEX document_signatures_copy_token ON document_signatures (copy_token_hash);
