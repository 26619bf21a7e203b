/** Route names, paths and titles of spec sect. 2, in one place. */

/** The product suffix of every page title. */
export const TITLE_SUFFIX = ' | Rebate Portal';

/** Named routes: the spec's names where it gives them. */
export const paths = {
  JobsList: { path: '/', title: 'Jobs' },
  JobCode: { path: '/code/:jobShortCode', title: 'Job' },
  JobDetail: { path: '/:jobId', title: 'Job' },
  JobBasicDetails: { path: '/:jobId/basic-details', title: 'Basic details' },
  JobEnergySourceDetails: { path: '/:jobId/energy-source-details', title: 'Energy sources and utilities' },
  JobServices: { path: '/:jobId/services', title: 'Services' },
  JobInstallDetails: { path: '/:jobId/install-details', title: 'Install details' },
  JobProgramProgress: { path: '/:jobId/program-progress', title: 'Program progress' },
  JobAttachments: { path: '/:jobId/attachments', title: 'Attachments' },
  ContractorsList: { path: '/contractors', title: 'Contractors' },
  ContractorCreate: { path: '/contractors/create', title: 'New contractor' },
  ContractorDetail: { path: '/contractors/:contractorId', title: 'Contractor' },
  AnnouncementsList: { path: '/announcements', title: 'Announcements' },
  AnnouncementDetail: { path: '/announcements/:announcementId', title: 'Announcement' },
  ProgramsList: { path: '/programs', title: 'Programs' },
  ProgramDetail: { path: '/programs/:programId', title: 'Program' },
  ProgramExplorer: { path: '/program-explorer', title: 'Program explorer' },
  ProgramExplorerDependencies: { path: '/program-explorer/task-dependencies', title: 'Task dependencies' },
  EnergyProvidersList: { path: '/providers', title: 'Energy providers' },
  EnergyProviderDetail: { path: '/providers/:providerId', title: 'Energy provider' },
  TermsAndConditionsList: { path: '/terms_and_conditions', title: 'Terms and conditions' },
  TermsAndConditionsDetail: { path: '/terms_and_conditions/:termsAndConditionsId', title: 'Terms and conditions' },
  /** Spec sect. 2: /equipment is the Other equipment catalog; heat pumps and water heaters are its sibling tabs. */
  Equipment: { path: '/equipment', title: 'Other equipment' },
  HeatPumps: { path: '/equipment/heat-pumps', title: 'Heat pumps' },
  WaterHeaters: { path: '/equipment/water-heaters', title: 'Water heaters' },
  BackgroundWork: { path: '/background-work', title: 'Background work' },
  MailOutbox: { path: '/mail-outbox', title: 'Mail outbox' },
  Budgets: { path: '/budgets', title: 'Budgets' },
  Reconciliation: { path: '/reconciliation', title: 'Reconciliation' },
  Inspections: { path: '/inspections', title: 'Inspections' },
  InspectionDetail: { path: '/inspections/:jobId/:reviewId', title: 'Inspection' },
  Preferences: { path: '/preferences', title: 'Preferences' },
  login: { path: '/login', title: 'Sign in' },
  logout: { path: '/logout', title: 'Sign out' },
  PlaywrightTestLogin: { path: '/playwright-test-login', title: 'Automated testing sign-in' },
  /** The signer's page: a one-time link from the invite mail, no sign-in, no shell. */
  SignDocument: { path: '/sign/:token', title: 'Sign document' },
  /** The homeowner's energy usage page: the link from the usage invite mail, no sign-in, no shell. */
  ConnectUsage: { path: '/connect/:token', title: 'Share your energy usage' },
  /** The homeowner's invitation link: signs them in to the job it was sent for, no shell. */
  HomeownerWelcome: { path: '/welcome/:token', title: 'Welcome' },
  /** The homeowner's page of a field inspection visit: the link from the mail offering times, no sign-in, no shell. */
  VisitAnswer: { path: '/visit/:token', title: 'Inspection visit' },
  /** A completion record's check by its SHA-256: public, no shell, names nobody. */
  VerifyRecord: { path: '/verify/:sha256', title: 'Completion record check' },
  NotFound: { path: '*', title: 'Not found' },
} as const;

/** A route name. */
export type RouteName = keyof typeof paths;

/** Routes that need no sign-in (spec sect. 2). */
export const PUBLIC_ROUTES: RouteName[] = [
  'login',
  'logout',
  'NotFound',
  'PlaywrightTestLogin',
  'SignDocument',
  'ConnectUsage',
  'HomeownerWelcome',
  'VisitAnswer',
  'VerifyRecord',
];

/** Fills a path's parameters. */
export function pathTo(name: RouteName, params: Record<string, string | number> = {}): string {
  return paths[name].path.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(String(params[k] ?? '')));
}

/** Support contact of the error pages. */
export const SUPPORT_EMAIL = 'support@rebates.example';
