/** Sign-out: revokes the token, forgets cached data, back to sign-in. */

import { Spinner } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { signOut } from '../../../lib/use-auth.ts';

export function Component() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  useEffect(() => {
    void signOut().then(() => {
      qc.clear();
      navigate('/login', { replace: true });
    });
  }, [navigate, qc]);
  return <Spinner className="page-state" />;
}
