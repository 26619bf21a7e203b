-- Document signing (spec sect. 4): the documents generated for a job's signing task, one generation after
-- another (regenerating with recreate supersedes the current one), and each signer's signature in order.
-- Invite links are stored as the SHA-256 of their token; a resend replaces it, so the old link is dead.
CREATE TABLE documents (
  id INTEGER PRIMARY KEY,
  job_id INTEGER NOT NULL REFERENCES jobs(id),
  task_id TEXT NOT NULL,
  doc_key TEXT NOT NULL,
  generation INTEGER NOT NULL,
  title TEXT NOT NULL,
  content TEXT NOT NULL,
  terms_kind TEXT,
  file_name TEXT NOT NULL,
  sha256 TEXT NOT NULL,
  boxes TEXT NOT NULL,
  signed_file_name TEXT,
  superseded_at TEXT,
  created_at TEXT NOT NULL,
  UNIQUE (job_id, task_id, doc_key, generation)
);
CREATE INDEX documents_job ON documents (job_id, task_id);

CREATE TABLE document_signatures (
  id INTEGER PRIMARY KEY,
  document_id INTEGER NOT NULL REFERENCES documents(id),
  order_index INTEGER NOT NULL,
  role TEXT NOT NULL,
  name TEXT NOT NULL,
  email TEXT,
  status TEXT NOT NULL DEFAULT 'not_attempted',
  token_hash TEXT UNIQUE,
  token_expires_at TEXT,
  invites_requested INTEGER NOT NULL DEFAULT 0,
  invites_sent INTEGER NOT NULL DEFAULT 0,
  invited_at TEXT,
  consent_at TEXT,
  signed_at TEXT,
  ip TEXT,
  user_agent TEXT,
  seen_sha256 TEXT,
  signature_kind TEXT,
  signature_text TEXT,
  signature_image TEXT,
  decline_reason TEXT,
  terms_id INTEGER,
  UNIQUE (document_id, role)
);
