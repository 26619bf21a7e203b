/**
 * The shell: staging banner, header (logo, search, jobs / contractors / equipment, menu), collapsible
 * sidebar whose state is remembered, and the page. Ctrl/Cmd+K opens search. Navigation items are links
 * (a new tab on Ctrl/middle click); on a phone the sidebar and its toggle give way to the header's menu.
 */

import { Alignment, Button, Navbar, Tag, Spinner } from '@blueprintjs/core';
import { Suspense, useEffect, useState, lazy } from 'react';
import { Link, Outlet, useNavigation } from 'react-router-dom';
import { pathTo } from '../../config/paths.ts';
import { LinkButton } from '../../lib/components/link-button.tsx';
import { syncPreferencesAtSignIn, usePreference } from '../../lib/preferences.ts';
import { useSession } from '../../lib/use-auth.ts';
import { useAppConfig } from '../../lib/use-app-config.ts';
import { HEADER_ITEMS, MENU_ITEMS, type NavItem } from './nav-items.ts';
import { usePageTitle } from './page-title.ts';

const SearchDialog = lazy(() => import('../../features/search/components/search-dialog.tsx'));
const HeaderMenu = lazy(() => import('./header-menu.tsx'));

export function Layout() {
  const session = useSession();
  const config = useAppConfig();
  const navigation = useNavigation();
  const matches = usePageTitle();
  const routeName = [...matches]
    .reverse()
    .map((m) => (m.handle as { name?: string } | undefined)?.name)
    .find(Boolean);
  const [sidebarOpen, setSidebarOpen] = usePreference('sidebar_open');
  const [searchOpen, setSearchOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const token = session?.token;
  // A new sign-in takes the preferences saved on the server (tab order, SLA days, page sizes, sidebar).
  useEffect(() => {
    if (token) syncPreferencesAtSignIn(token).catch(() => undefined);
  }, [token]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setSearchOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const role = session?.user.role;
  // Search finds jobs: an inspector reads no job (server/abilities.ts job.search), so has no search.
  const searches = !!session && role !== 'inspector';
  const flags = config.data?.feature_flags ?? [];
  const visible = (i: NavItem) => (!i.roles || (role && i.roles.includes(role))) && (!i.flag || flags.includes(i.flag));
  const staging = config.data && !config.data.is_production;
  return (
    <div className={`shell ${sidebarOpen ? 'sidebar-open' : 'sidebar-closed'}`}>
      {staging && (
        <div className="staging-banner" role="status">
          STAGING ENV
        </div>
      )}
      <Navbar className="app-header">
        <Navbar.Group align={Alignment.START}>
          {session && (
            <Button
              variant="minimal"
              className="hide-mobile"
              icon={sidebarOpen ? 'menu-closed' : 'menu-open'}
              aria-label={sidebarOpen ? 'Collapse sidebar' : 'Expand sidebar'}
              onClick={() => setSidebarOpen(!sidebarOpen)}
            />
          )}
          <Link to="/" className="logo" aria-label="Rebate Portal: jobs list">
            <span className="logo-mark">R</span>
            <span className="logo-text">Rebate Portal</span>
          </Link>
        </Navbar.Group>
        {session && (
          <Navbar.Group align={Alignment.END}>
            {searches && (
              <Button variant="minimal" icon="search" aria-keyshortcuts="Control+K" onClick={() => setSearchOpen(true)}>
                <span className="visually-hidden-mobile">Search</span>{' '}
                <Tag minimal className="hide-mobile" aria-hidden="true">
                  Ctrl K
                </Tag>
              </Button>
            )}
            {HEADER_ITEMS.filter(visible).map((i) => (
              <LinkButton key={i.to} minimal icon={i.icon} text={i.label} hideText="mobile" to={pathTo(i.to)} />
            ))}
            {menuLoaded ? (
              <Suspense fallback={<Button variant="minimal" icon="more" aria-label="Menu" />}>
                <HeaderMenu
                  items={MENU_ITEMS.filter(visible)}
                  user={session ? `${session.user.name} (${session.user.role})` : undefined}
                  trigger={<Button variant="minimal" icon="more" aria-label="Menu" />}
                />
              </Suspense>
            ) : (
              <Button variant="minimal" icon="more" aria-label="Menu" onClick={() => setMenuLoaded(true)} />
            )}
          </Navbar.Group>
        )}
      </Navbar>
      <div className="shell-body">
        {session && (
          <nav className="sidebar" aria-label="Sidebar">
            {[...HEADER_ITEMS, ...MENU_ITEMS].filter(visible).map((i) => (
              <LinkButton
                key={i.to}
                className="sidebar-item"
                minimal
                icon={i.icon}
                text={i.label}
                title={sidebarOpen ? undefined : i.label}
                to={pathTo(i.to)}
              />
            ))}
          </nav>
        )}
        <main className="page">
          {navigation.state === 'loading' && <Spinner className="route-spinner" size={20} />}
          <Outlet />
        </main>
      </div>
      {searchOpen && searches && (
        <Suspense fallback={null}>
          <SearchDialog isOpen={searchOpen} onClose={() => setSearchOpen(false)} routeName={routeName} />
        </Suspense>
      )}
    </div>
  );
}
