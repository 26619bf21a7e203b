/**
 * The usage pages' own texts (the server's words come in the answers) and the small readings behind
 * them: the server's message of a refusal, what a dead link says, when a step happened.
 */

import type { Intent, IconName } from '@blueprintjs/core';
import { USAGE_MESSAGES, type JobUsage, type UsageAction } from '../../../../engine/api/usage.ts';
import type { UsageStepStatus } from '../../../../engine/usage.ts';
import { ApiError, CLIENT_MESSAGES, STATUS_TEXT } from '../../../lib/api-client.ts';

export const CONNECT_TEXT = {
  title: 'Share your home’s energy usage',
  what_shared_title: 'What is shared',
  what_shared:
    'Your home’s electric and gas usage history and the meters it was read from, as your utility keeps them.',
  password_title: 'Your password stays with your utility',
  password:
    'You type your username and password on your utility’s own page, never here: the program does not see them. You can withdraw access at any time.',
  consent: 'I agree to share my home’s energy usage with the program',
  consent_required: 'Please tick the box to agree before connecting.',
  connect: 'Connect my utility account',
  decline: 'I’d rather upload my bills',
  verifying_title: 'Checking your sign-in',
  collecting_title: 'Collecting your usage',
  complete_title: 'All done',
  declined_title: 'Thanks for letting us know',
  retry_title: 'Please try again',
  changed_mind: 'Changed your mind? You can still connect your utility account.',
  link_invalid_title: 'This link does not work',
  link_expired_title: 'This link has expired',
  load_failed: 'This page could not be loaded.',
  load_failed_advice: 'Please check your connection and try again.',
  refresh_failed: 'We could not check for news just now; we will keep trying.',
  bad_url: 'The utility’s sign-in page could not be opened. Please try again later.',
} as const;

/** The homeowner's progress, by where the page stands. */
export const CONNECT_PROGRESS = [
  'Connect your utility account',
  'Your utility checks your sign-in',
  'We collect your usage',
] as const;

export const PANEL_TEXT = {
  title: 'Energy usage',
  history: 'Energy history',
  working: 'Working on it…',
  meters: 'Meters',
  save_meters: 'Save meter selection',
  meters_saved: 'Meter selection saved.',
  no_meters: USAGE_MESSAGES.no_meters,
  resend_confirm: 'Send the homeowner a new invite? The link in the earlier invite will stop working.',
  profile: 'Usage profile',
  partial_months: (handling: 'left_out') =>
    ({ left_out: 'Partial months, left out of every figure above (the readings cover only part of them):' })[handling],
  consent_declined: 'The homeowner chose not to connect a utility account.',
  consent_withdrawn: (at: string) =>
    `The homeowner withdrew consent on ${at}: nothing more is collected, and the usage below was collected before the withdrawal.`,
  homeowner_next_step: 'The homeowner is asked:',
  load_failed: 'Energy usage could not be loaded.',
  months_required: (n: number) => `The program needs ${n} month${n === 1 ? '' : 's'} of usage history.`,
} as const;

/** The staff actions as buttons, in the order the work goes. select_meters is the meters table's own button. */
export const ACTION_BUTTONS: {
  action: Exclude<UsageAction, 'select_meters'>;
  text: string;
  icon: IconName;
  done: string;
}[] = [
  {
    action: 'process_historical',
    text: 'Process historical',
    icon: 'history',
    done: 'Historical usage is being processed.',
  },
  {
    action: 'subscribe_meters',
    text: 'Subscribe meters',
    icon: 'notifications',
    done: 'The meters are being subscribed.',
  },
  { action: 'process_ongoing', text: 'Process ongoing', icon: 'refresh', done: 'Ongoing usage is being processed.' },
  {
    action: 'resend_invite',
    text: 'Resend invite',
    icon: 'envelope',
    done: 'A new invite is on its way to the homeowner.',
  },
];

export const OVERALL_INTENT: Record<JobUsage['overall']['status'], Intent> = {
  complete: 'success',
  failed: 'danger',
  in_progress: 'primary',
  not_attempted: 'none',
};
export const HISTORY_INTENT: Record<JobUsage['history']['status'], Intent> = {
  collected: 'success',
  connected: 'primary',
  pending: 'none',
};
export const STEP_ICON: Record<UsageStepStatus, { icon: IconName; intent: Intent; label: string }> = {
  success: { icon: 'tick-circle', intent: 'success', label: 'Done' },
  failure: { icon: 'error', intent: 'danger', label: 'Failed' },
  not_attempted: { icon: 'circle', intent: 'none', label: 'Not attempted' },
};
export const SERVICE_LABEL = { electric: 'Electric', gas: 'Gas' } as const;

/** When a step happened, as the job detail writes times elsewhere. */
export const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' }) : null;

/**
 * The server's words of a refusal: `{ code, detail }` as the rest of the API answers, or
 * `{ error: { code, message } }`, else the status's own text.
 */
export function messageOf(error: unknown): string {
  if (!(error instanceof ApiError)) return CLIENT_MESSAGES.unexpected;
  const said = saidBy(error);
  if (said) return said;
  if (error.status === 503) return USAGE_MESSAGES.service_unavailable;
  return STATUS_TEXT[error.status] ?? CLIENT_MESSAGES.unexpected;
}

function saidBy(error: ApiError): string | null {
  const nested = (error.body?.error as { message?: unknown } | undefined)?.message;
  const detail = error.body?.detail;
  return typeof detail === 'string' && detail ? detail : typeof nested === 'string' && nested ? nested : null;
}

/** What a refused link says (404 unknown or replaced, 410 expired): the server's words, or ours. */
export function goneOf(error: unknown): { title: string; detail: string; expired: boolean } | null {
  if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 410)) return null;
  const said = saidBy(error);
  return error.status === 410
    ? { title: CONNECT_TEXT.link_expired_title, detail: said ?? USAGE_MESSAGES.link_expired, expired: true }
    : { title: CONNECT_TEXT.link_invalid_title, detail: said ?? USAGE_MESSAGES.link_invalid, expired: false };
}

/** A partial month: "Electric 2026-05: 9.5 of 31 days". */
export function partialMonthText(p: {
  service: 'electric' | 'gas';
  month: string;
  days_covered: number;
  days: number;
}) {
  return `${SERVICE_LABEL[p.service]} ${p.month}: ${p.days_covered.toLocaleString()} of ${p.days} days`;
}

/** `annual_total_kwh` -> "Annual total kWh". */
export function profileLabel(key: string): string {
  const words = key.split('_').map((w) => ({ kwh: 'kWh', therms: 'therms' })[w] ?? w);
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A profile value: numbers with separators. */
export const profileValue = (v: number | string | null) =>
  v === null ? null : typeof v === 'number' ? v.toLocaleString() : v;
