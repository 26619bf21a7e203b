/**
 * The shell: staging banner, header (logo, search, jobs / contractors / equipment, menu), collapsible
 * sidebar whose state is remembered, and the page. Ctrl/Cmd+K opens search.
 */

import { Alignment, Button, Navbar, Tag, Spinner } from '@blueprintjs/core';
import { Suspense, useEffect, useState, lazy } from 'react';
import { Link, Outlet, useNavigate, useNavigation } from 'react-router-dom';
import { pathTo } from '../../config/paths.ts';
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
  const navigate = useNavigate();
  const navigation = useNavigation();
  const matches = usePageTitle();
  const routeName = [...matches].reverse().map((m) => (m.handle as { name?: string } | undefined)?.name).find(Boolean);
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
  const flags = config.data?.feature_flags ?? [];
  const visible = (i: NavItem) => (!i.roles || (role && i.roles.includes(role))) && (!i.flag || flags.includes(i.flag));
  const staging = config.data && !config.data.is_production;
  return (
    <div className={`shell ${sidebarOpen ? 'sidebar-open' : 'sidebar-closed'}`}>
      {staging && <div className="staging-banner" role="status">STAGING ENV</div>}
      <Navbar className="app-header">
        <Navbar.Group align={Alignment.START}>
          {session && <Button variant="minimal" icon={sidebarOpen ? 'menu-closed' : 'menu-open'} aria-label={sidebarOpen ? 'Collapse sidebar' : 'Expand sidebar'} onClick={() => setSidebarOpen(!sidebarOpen)} />}
          <Link to="/" className="logo" aria-label="Rebate Portal: jobs list">
            <span className="logo-mark">R</span>
            <span className="logo-text">Rebate Portal</span>
          </Link>
        </Navbar.Group>
        {session && (
          <Navbar.Group align={Alignment.END}>
            <Button variant="minimal" icon="search" aria-label="Search" onClick={() => setSearchOpen(true)}>
              <span className="hide-mobile">Search</span> <Tag minimal className="hide-mobile">Ctrl K</Tag>
            </Button>
            {HEADER_ITEMS.filter(visible).map((i) => (
              <Button key={i.to} variant="minimal" icon={i.icon} aria-label={i.label} onClick={() => navigate(pathTo(i.to))}>
                <span className="hide-mobile">{i.label}</span>
              </Button>
            ))}
            {menuLoaded ? (
              <Suspense fallback={<Button variant="minimal" icon="more" aria-label="Menu" />}>
                <HeaderMenu
                  items={MENU_ITEMS.filter(visible)}
                  user={session ? `${session.user.name} (${session.user.role})` : undefined}
                  onPick={(i) => navigate(pathTo(i.to))}
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
              <Button key={i.to} className="sidebar-item" variant="minimal" alignText="start" fill icon={i.icon} text={sidebarOpen ? i.label : undefined} title={i.label} aria-label={i.label} onClick={() => navigate(pathTo(i.to))} />
            ))}
          </nav>
        )}
        <main className="page">
          {navigation.state === 'loading' && <Spinner className="route-spinner" size={20} />}
          <Outlet />
        </main>
      </div>
      {searchOpen && session && (
        <Suspense fallback={null}>
          <SearchDialog isOpen={searchOpen} onClose={() => setSearchOpen(false)} routeName={routeName} />
        </Suspense>
      )}
    </div>
  );
}
