-- Single sign-on through an OpenID Connect provider (issue 16): each sign-in started at the provider, kept
-- server-side until the provider sends the browser back. Looked up by the sha256 of its state and spent
-- once (deleted); the nonce and PKCE verifier the callback checks; where in the portal to land. Ten
-- minutes to finish.
CREATE TABLE oidc_logins (
  state_hash TEXT COLLATE "C" PRIMARY KEY,
  nonce TEXT NOT NULL,
  code_verifier TEXT NOT NULL,
  redirect_path TEXT NOT NULL,
  expires_at TEXT COLLATE "C" NOT NULL,
  created_at TEXT COLLATE "C" NOT NULL
);
