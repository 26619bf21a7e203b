/** Sign-in (spec sect. 2 "Login"): email, password, Sign In, Forgot Password; one-time links and resets. */

import { Button, Callout, Card, FormGroup, H1, InputGroup } from '@blueprintjs/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { api, ApiError } from '../../../lib/api-client.ts';
import type { Notice } from '../../../../engine/api/auth.ts';
import { signIn, signInWithToken } from '../../../lib/use-auth.ts';
import { safeReturnPath } from '../../../lib/safe-url.ts';
import { useAppConfig } from '../../../lib/use-app-config.ts';
import { pathTo } from '../../../config/paths.ts';
import { SsoButton, ssoErrorMessage } from './sso-button.tsx';

export function Component() {
  const [params] = useSearchParams();
  const { data: config } = useAppConfig();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // A single sign-on that came back refused says why (?sso_error=<code>).
  const [error, setError] = useState<string | null>(ssoErrorMessage(params.get('sso_error')));
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [mode, setMode] = useState<'sign-in' | 'forgot' | 'reset'>(params.get('reset') ? 'reset' : 'sign-in');
  const tried = useRef(false);
  // Where to go after sign-in: the page the user was on, when it is a path of this site.
  const redirect = safeReturnPath(params.get('redirect')) ?? '/';

  // A one-time link (?token=...) signs in by itself.
  useEffect(() => {
    const token = params.get('token');
    if (!token || tried.current) return;
    tried.current = true;
    signInWithToken(token)
      .then(() => navigate(redirect, { replace: true }))
      .catch((e: ApiError) => setError(e.message));
  }, [params, navigate, redirect]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (mode === 'sign-in') {
        await signIn(email, password);
        navigate(redirect, { replace: true });
      } else if (mode === 'forgot') {
        const r = await api<Notice>('POST', '/api/auth/forgot-password', { body: { email } });
        setNotice(r.detail);
      } else {
        await api<void>('POST', '/api/auth/reset-password', {
          body: { token: params.get('reset') ?? '', password },
          ignoreErrors: [400, 422],
        });
        setNotice('Your password is set. Sign in with it now.');
        setMode('sign-in');
      }
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Unexpected error occurred.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card className="login-card" elevation={1}>
      <div className="logo login-logo" aria-hidden="true">
        <span className="logo-mark">R</span>
        <span className="logo-text">Rebate Portal</span>
      </div>
      <H1 className="login-title">
        {mode === 'sign-in' ? 'Sign in' : mode === 'forgot' ? 'Forgot password' : 'Choose a new password'}
      </H1>
      {error && (
        <Callout intent="danger" role="alert" className="form-callout">
          {error}
        </Callout>
      )}
      {notice && (
        <Callout intent="success" className="form-callout">
          {notice}
        </Callout>
      )}
      <form onSubmit={submit} noValidate>
        {mode !== 'reset' && (
          <FormGroup label="Email" labelFor="email">
            <InputGroup
              id="email"
              type="email"
              autoComplete="username"
              value={email}
              onValueChange={setEmail}
              autoFocus
              large
            />
          </FormGroup>
        )}
        {mode !== 'forgot' && (
          <FormGroup label={mode === 'reset' ? 'New password' : 'Password'} labelFor="password">
            <InputGroup
              id="password"
              type="password"
              autoComplete={mode === 'reset' ? 'new-password' : 'current-password'}
              value={password}
              onValueChange={setPassword}
              large
            />
          </FormGroup>
        )}
        <Button
          type="submit"
          intent="primary"
          fill
          large
          loading={busy}
          text={mode === 'sign-in' ? 'Sign In' : mode === 'forgot' ? 'Send reset link' : 'Set password'}
        />
      </form>
      {mode === 'sign-in' && <SsoButton redirect={redirect} />}
      <div className="login-links">
        {mode === 'sign-in' ? (
          <Button
            variant="minimal"
            text="Forgot Password"
            onClick={() => {
              setMode('forgot');
              setError(null);
              setNotice(null);
            }}
          />
        ) : (
          <Button
            variant="minimal"
            text="Back to sign in"
            onClick={() => {
              setMode('sign-in');
              setError(null);
            }}
          />
        )}
        {config?.playwright_sign_in && (
          <Link to={pathTo('PlaywrightTestLogin')} className="muted small">
            Automated-testing sign-in
          </Link>
        )}
      </div>
    </Card>
  );
}
