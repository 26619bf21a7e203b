/**
 * Single sign-on on the login page: a plain link to the server's start (it redirects to the OpenID
 * Connect provider, which sends the browser back to /login?token=... or /login?sso_error=<code>), shown
 * when the server says it is configured; and the words for each sso_error code.
 */

import { AnchorButton, Divider } from '@blueprintjs/core';
import { SSO_ERRORS, type SsoError } from '../../../../engine/api/auth.ts';
import { useAppConfig } from '../../../lib/use-app-config.ts';

const SSO_MESSAGES: Record<SsoError, string> = {
  expired: 'That single sign-on took too long or was already used. Please try again.',
  denied: 'Single sign-on was cancelled at the provider. Try again, or sign in with your email and password.',
  unverified_email:
    'Your sign-in provider has not verified your email address, so it cannot sign you in here. Verify it with the provider, or sign in with your email and password.',
  no_account: 'No portal account uses the email you signed in with. Ask your administrator to invite you.',
  failed: 'Single sign-on did not work. Please try again, or sign in with your email and password.',
};

/** The message for a login page's ?sso_error= code (an unknown code reads as a failure); null without one. */
export function ssoErrorMessage(code: string | null): string | null {
  if (!code) return null;
  return SSO_MESSAGES[(SSO_ERRORS as readonly string[]).includes(code) ? (code as SsoError) : 'failed'];
}

/** The single sign-on button, landing on `redirect` (a path of this site) once signed in. */
export function SsoButton({ redirect }: { redirect: string }) {
  const { data: config } = useAppConfig();
  if (!config?.google_sign_in) return null;
  return (
    <div className="sso-sign-in">
      <Divider />
      <AnchorButton
        href={`/api/auth/oidc/start?redirect=${encodeURIComponent(redirect)}`}
        icon="log-in"
        text={config.sso_label}
        fill
        large
        variant="outlined"
      />
    </div>
  );
}
