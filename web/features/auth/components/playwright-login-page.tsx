/** The automated-testing sign-in (spec sect. 2): ?token=<secret>&email=<user>. */

import { Callout, Card, H3, Spinner } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../lib/api-client.ts';
import { signInForTesting } from '../../../lib/use-auth.ts';

export const PLAYWRIGHT_MESSAGES = {
  missing: 'Missing Playwright auth token',
  failed: 'Error signing in for automated testing',
} as const;

export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = params.get('token');
    if (!token) {
      setError(PLAYWRIGHT_MESSAGES.missing);
      return;
    }
    signInForTesting(token, params.get('email') ?? '')
      .then(() => navigate(params.get('redirect') ?? '/', { replace: true }))
      .catch((e) => setError(e instanceof ApiError ? e.message : PLAYWRIGHT_MESSAGES.failed));
  }, [params, navigate]);
  return (
    <Card className="login-card">
      <H3>Automated-testing sign-in</H3>
      {error ? (
        <Callout intent="danger" role="alert">
          {error}
        </Callout>
      ) : (
        <Spinner />
      )}
    </Card>
  );
}
