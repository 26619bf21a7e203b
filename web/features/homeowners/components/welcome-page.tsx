/**
 * The homeowner's invitation link (/welcome/{token}, no sign-in): opening it creates or links their
 * account to the job, signs them in and lands on the job's homeowner view with the tasks sent to them.
 * A dead link (used, expired, unknown) says so in words, with what to do.
 */

import { NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { setSession } from '../../../lib/session.ts';
import { acceptInvite } from '../api/homeowner-access.ts';
import '../homeowners.css';

export function Component() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const tried = useRef(false);
  useEffect(() => {
    if (tried.current) return;
    tried.current = true;
    acceptInvite(token)
      .then((r) => {
        setSession({ token: r.session.token, user: r.session.user });
        navigate(`/${r.job_id}`, { replace: true });
      })
      .catch((e: Error) => setError(e.message));
  }, [token, navigate]);
  return (
    <div className="welcome-page">
      {error ? (
        <NonIdealState icon="envelope" title="This link cannot be used" description={error} />
      ) : (
        <NonIdealState icon={<Spinner aria-label="Signing you in" />} title="Opening your rebate…" />
      )}
    </div>
  );
}
