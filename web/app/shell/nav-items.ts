/** The menu and sidebar items (spec sect. 2 "Shell"), written once. */

import type { UserRole } from '../../../engine/constants.ts';
import type { IconName } from '@blueprintjs/core';
import type { RouteName } from '../../config/paths.ts';

export interface NavItem {
  label: string;
  to: RouteName;
  icon: IconName;
  /** Shown only when the feature flag is on. */
  flag?: string;
  /** Roles that see the item (all when absent). */
  roles?: UserRole[];
}

export const HEADER_ITEMS: NavItem[] = [
  { label: 'Jobs', to: 'JobsList', icon: 'list', roles: ['ops', 'contractor', 'homeowner'] },
  { label: 'Inspections', to: 'Inspections', icon: 'eye-open', roles: ['ops', 'inspector'] },
  { label: 'Contractors', to: 'ContractorsList', icon: 'people', roles: ['ops', 'contractor'] },
  { label: 'Equipment', to: 'HeatPumps', icon: 'wrench', roles: ['ops', 'contractor'] },
];

export const MENU_ITEMS: NavItem[] = [
  { label: 'Add new contractor', to: 'ContractorCreate', icon: 'new-person', roles: ['ops'] },
  { label: 'Programs', to: 'ProgramsList', icon: 'clipboard', roles: ['ops', 'contractor'] },
  { label: 'Terms and conditions', to: 'TermsAndConditionsList', icon: 'document', roles: ['ops', 'contractor'] },
  { label: 'Energy providers', to: 'EnergyProvidersList', icon: 'flash', roles: ['ops', 'contractor'] },
  { label: 'Announcements', to: 'AnnouncementsList', icon: 'notifications', roles: ['ops', 'contractor'] },
  { label: 'Background work', to: 'BackgroundWork', icon: 'history', roles: ['ops'] },
  { label: 'Mail outbox', to: 'MailOutbox', icon: 'envelope', roles: ['ops'] },
  { label: 'Budgets', to: 'Budgets', icon: 'bank-account', roles: ['ops'] },
  { label: 'Reconciliation', to: 'Reconciliation', icon: 'calculator', roles: ['ops'] },
  { label: 'Program explorer', to: 'ProgramExplorer', icon: 'diagram-tree', flag: 'program-explorer', roles: ['ops'] },
  { label: 'Preferences', to: 'Preferences', icon: 'settings' },
  { label: 'Sign out', to: 'logout', icon: 'log-out' },
];
