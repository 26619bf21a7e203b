/**
 * Route objects with the spec's names and titles (web/config/paths.ts). Every route but login, logout,
 * the catch-all, the test login, the signer's page and the homeowner's usage page needs sign-in: a
 * signed-out visit goes to /login?redirect=<full path>. The signer's page (/sign/:token), the usage page
 * (/connect/:token), the homeowner's welcome link, sign-in and sign-out have a layout of their own, without
 * the shell, and come first so that neither the job routes nor the catch-all take them.
 * Pages load lazily. The program explorer is blocked unless its feature flag is on. Features never import
 * each other: the job detail's panels of other features are given to it here, in its routes' handle.
 */

import { lazy } from 'react';
import { createBrowserRouter, Navigate, Outlet, redirect, useLocation, type RouteObject } from 'react-router-dom';
import { Spinner, NonIdealState } from '@blueprintjs/core';
import { paths, type RouteName } from '../config/paths.ts';
import { lazyPage } from '../lib/lazy-page.ts';
import { getSession } from '../lib/session.ts';
import { api } from '../lib/api-client.ts';
import type { JobRef } from '../../engine/api/jobs.ts';
import { useSession } from '../lib/use-auth.ts';
import { useAppConfig } from '../lib/use-app-config.ts';
import { Layout } from './shell/layout.tsx';
import { PublicLayout } from './shell/public-layout.tsx';
import { RouteErrorPage, NotFoundPage } from '../features/errors/error-pages.tsx';
import type { JobDetailPanels } from '../features/job-detail/components/job-detail-page.tsx';
import { useLiveChanges } from '../lib/live.ts';
import { prefetchSources } from '../features/program-explorer/api/sources.ts';

const handle = (name: RouteName) => ({ name, title: paths[name].title });

/** Sends a signed-out visitor to sign-in with the full original path. */
function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  // Open pages follow their jobs: one event stream while signed in (web/lib/live.ts).
  useLiveChanges();
  if (!session)
    return (
      <Navigate
        to={`/login?redirect=${encodeURIComponent(location.pathname + location.search + location.hash)}`}
        replace
      />
    );
  return <Outlet />;
}

/** Blocks navigation to a route whose feature flag is off. */
function RequireFlag({ flag }: { flag: string }) {
  const config = useAppConfig();
  if (config.isLoading) return <Spinner />;
  if (!config.data?.feature_flags.includes(flag))
    return (
      <NonIdealState
        icon="lock"
        title="This page is not available."
        description={`The ${flag} feature is turned off.`}
      />
    );
  return <Outlet />;
}

/**
 * What a page shows while its code (or loader) is fetched on a full page load: the shell around a
 * spinner. Without it React Router renders nothing and warns "No HydrateFallback element".
 */
const hydrateFallbackElement = <Spinner className="page-state" />;

const page = (name: RouteName, load: () => Promise<{ Component: React.ComponentType }>): RouteObject => ({
  path: paths[name].path,
  handle: handle(name),
  lazy: lazyPage(load),
  hydrateFallbackElement,
});

/** The job detail's panels from other features (each loads with the tab that shows it). */
const jobPanels: JobDetailPanels = {
  usage: lazy(() => import('../features/usage/components/usage-panel.tsx').then((m) => ({ default: m.UsagePanel }))),
  homeowner: lazy(() =>
    import('../features/homeowners/components/homeowner-access-panel.tsx').then((m) => ({
      default: m.HomeownerAccessPanel,
    })),
  ),
};
const loadJobDetail = () => import('../features/job-detail/components/job-detail-page.tsx');
const jobPage = (name: RouteName): RouteObject => ({
  ...page(name, loadJobDetail),
  handle: { ...handle(name), jobPanels },
});

export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      page('SignDocument', () => import('../features/signing/components/signing-page.tsx')),
      page('ConnectUsage', () => import('../features/usage/components/connect-page.tsx')),
      page('HomeownerWelcome', () => import('../features/homeowners/components/welcome-page.tsx')),
      page('VisitAnswer', () => import('../features/visits/components/visit-page.tsx')),
      page('VerifyRecord', () => import('../features/verify/components/verify-page.tsx')),
      // Sign-in and sign-out show no header, search or sidebar: nothing there works before sign-in.
      page('login', () => import('../features/auth/components/login-page.tsx')),
      page('PlaywrightTestLogin', () => import('../features/auth/components/playwright-login-page.tsx')),
      page('logout', () => import('../features/auth/components/logout-page.tsx')),
    ],
  },
  {
    element: <Layout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <RequireAuth />,
        children: [
          page('JobsList', () => import('../features/jobs/components/jobs-page.tsx')),
          {
            path: paths.JobCode.path,
            handle: handle('JobCode'),
            hydrateFallbackElement,
            loader: async ({ params }) => {
              if (!getSession()) return null;
              const r = await api<JobRef>('GET', `/api/jobs/code/${encodeURIComponent(params.jobShortCode ?? '')}`, {
                ignoreErrors: [404],
              }).catch(() => null);
              if (!r) throw new Response('Not Found', { status: 404 });
              return redirect(`/${r.id}`);
            },
          },
          page('ContractorsList', () => import('../features/contractors/components/contractors-page.tsx')),
          page('ContractorCreate', () => import('../features/contractors/components/contractor-create-page.tsx')),
          page('ContractorDetail', () => import('../features/contractors/components/contractor-detail-page.tsx')),
          page('AnnouncementsList', () => import('../features/announcements/components/announcements-page.tsx')),
          page('AnnouncementDetail', () => import('../features/announcements/components/announcement-detail-page.tsx')),
          page('ProgramsList', () => import('../features/programs/components/programs-page.tsx')),
          page('ProgramDetail', () => import('../features/programs/components/program-detail-page.tsx')),
          page('EnergyProvidersList', () => import('../features/providers/components/providers-page.tsx')),
          page('EnergyProviderDetail', () => import('../features/providers/components/provider-detail-page.tsx')),
          page('TermsAndConditionsList', () => import('../features/terms/components/terms-page.tsx')),
          page('TermsAndConditionsDetail', () => import('../features/terms/components/terms-detail-page.tsx')),
          page('BackgroundWork', () => import('../features/work/components/background-work-page.tsx')),
          page('MailOutbox', () => import('../features/mail/components/outbox-page.tsx')),
          page('Budgets', () => import('../features/budgets/components/budgets-page.tsx')),
          page('Reconciliation', () => import('../features/reconciliation/components/reconciliation-page.tsx')),
          page('Inspections', () => import('../features/inspections/components/inspections-page.tsx')),
          page('InspectionDetail', () => import('../features/inspections/components/inspection-page.tsx')),
          page('Preferences', () => import('../features/preferences/components/preferences-page.tsx')),
          page('Equipment', () => import('../features/equipment/components/equipment-page.tsx')),
          page('HeatPumps', () => import('../features/equipment/components/equipment-page.tsx')),
          page('WaterHeaters', () => import('../features/equipment/components/equipment-page.tsx')),
          {
            element: <RequireFlag flag="program-explorer" />,
            hydrateFallbackElement,
            // The definitions are the explorer's content: their fetch starts with the page's code, not after it.
            loader: ({ request }) => {
              prefetchSources(request.url);
              return null;
            },
            children: [
              page('ProgramExplorer', () => import('../features/program-explorer/components/explorer-page.tsx')),
              page(
                'ProgramExplorerDependencies',
                () => import('../features/program-explorer/components/explorer-page.tsx'),
              ),
            ],
          },
          jobPage('JobDetail'),
          jobPage('JobBasicDetails'),
          jobPage('JobEnergySourceDetails'),
          jobPage('JobServices'),
          jobPage('JobInstallDetails'),
          jobPage('JobProgramProgress'),
          jobPage('JobAttachments'),
        ],
      },
      { path: '*', handle: handle('NotFound'), element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
