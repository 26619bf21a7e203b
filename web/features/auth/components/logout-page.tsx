/** Sign-out: revokes the token, forgets cached data, back to sign-in (then to `redirect`, when given). */

import { Spinner } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { signOut } from '../../../lib/use-auth.ts';
import { safeReturnPath } from '../../../lib/safe-url.ts';

export function Component() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const back = safeReturnPath(params.get('redirect'));
  useEffect(() => {
    void signOut().then(() => {
      qc.clear();
      navigate(back ? `/login?redirect=${encodeURIComponent(back)}` : '/login', { replace: true });
    });
  }, [navigate, qc, back]);
  return <Spinner className="page-state" />;
}
