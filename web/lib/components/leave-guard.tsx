/**
 * Never lose what someone typed: while a form has unsaved changes, leaving the page (a link, the back
 * button, closing the tab) asks first.
 */

import { Alert } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';

/** Renders the confirmation; place it once in a form whose `dirty` says it has unsaved changes. */
export function LeaveGuard({ dirty }: { dirty: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  return (
    <Alert
      isOpen={blocker.state === 'blocked'}
      intent="danger"
      icon="warning-sign"
      confirmButtonText="Leave and discard"
      cancelButtonText="Stay on this page"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      You have unsaved changes. Leave this page and discard them?
    </Alert>
  );
}
