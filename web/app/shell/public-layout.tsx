/**
 * The layout of pages used before or without signing in (sign-in and sign-out, the signer's page, the
 * usage and welcome links): the staging banner as the shell shows it, the page title, and the page
 * alone: no header, no sidebar, no search.
 */

import { Spinner } from '@blueprintjs/core';
import { Outlet, useNavigation } from 'react-router-dom';
import { useAppConfig } from '../../lib/use-app-config.ts';
import { usePageTitle } from './page-title.ts';

export function PublicLayout() {
  const config = useAppConfig();
  const navigation = useNavigation();
  usePageTitle();
  const staging = config.data && !config.data.is_production;
  return (
    <div className="public-shell">
      {staging && (
        <div className="staging-banner" role="status">
          STAGING ENV
        </div>
      )}
      <main className="public-page">
        {navigation.state === 'loading' && <Spinner className="route-spinner" size={20} />}
        <Outlet />
      </main>
    </div>
  );
}
