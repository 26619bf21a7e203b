/**
 * Wording of the job detail, in one place: task statuses and owners (ops see the workflow's words,
 * contractors simpler ones), eligibility, cancel reasons, history records.
 */

import type { UserRole } from '../../../../engine/constants.ts';
import type { Intent, IconName } from '@blueprintjs/core';
import {
  ACTION_OWNER_LABELS,
  ACTION_OWNER_ROLES,
  CANCEL_REASONS,
  type ActionOwnerRole,
  type EligibilityStatus,
} from '../../../../engine/constants.ts';
import type { JobTask } from '../api/get-job.ts';
import { isOpenTask } from '../../../../engine/submission.ts';
import { longDate } from '../../../../engine/plain-words.ts';

/**
 * Who is looking: ops (internal), a contractor, or a homeowner (also what ops can view as). Inspectors never open a
 * job's page (they see their inspections only): a job's viewer is one of its people.
 */
export type Viewer = Exclude<UserRole, 'inspector'>;

/** Action owners as people read them (the engine's one list). */
export const OWNER_LABELS: Record<ActionOwnerRole, string> = ACTION_OWNER_LABELS;
export const OWNER_OPTIONS = ACTION_OWNER_ROLES.map((r) => ({ value: r, label: OWNER_LABELS[r] }));

/** Cancel reasons as people read them (the values are the spec's words). */
export const CANCEL_OPTIONS = CANCEL_REASONS.map((r) => ({
  value: r,
  label: r === 'lost' ? 'Lost the job' : r.charAt(0).toUpperCase() + r.slice(1),
}));

/** How a task's status reads, by viewer. */
export function taskStatus(
  t: Pick<JobTask, 'status' | 'owner' | 'exceptions'>,
  viewer: Viewer,
): { text: string; intent: Intent; icon: IconName } {
  const own = t.owner === 'contractor' || t.owner === 'homeowner';
  switch (t.status) {
    case 'COMPLETE':
      return { text: 'Complete', intent: 'success', icon: 'tick-circle' };
    case 'IN_PROGRESS':
      return { text: 'In progress', intent: 'primary', icon: 'edit' };
    case 'LOCKED':
      return { text: 'Preview', intent: 'none', icon: 'lock' };
    default:
      if (viewer === 'ops') return { text: 'Ready', intent: 'primary', icon: 'circle' };
      return own
        ? { text: 'To do', intent: 'primary', icon: 'circle' }
        : { text: `Waiting on ${OWNER_LABELS[t.owner].toLowerCase()}`, intent: 'none', icon: 'time' };
  }
}

/**
 * A stage's one tag in Program progress: spec sect. 4's stage badges (in review, complete, preview) and
 * task group statuses (complete, in progress, preview, exception) merged, so no stage reads two states
 * at once. An exception shows first; a done stage is complete, an upcoming one a preview; the current
 * stage is in progress while the contractor or the homeowner has a task open in it, else in review.
 */
export function stageTag(
  state: 'done' | 'current' | 'upcoming',
  tasks: Pick<JobTask, 'status' | 'owner' | 'exceptions'>[],
): { text: string; intent: Intent } {
  if (tasks.some((t) => t.exceptions.contractor || t.exceptions.ops)) return { text: 'Exception', intent: 'danger' };
  if (state === 'done') return { text: 'Complete', intent: 'success' };
  if (state === 'upcoming') return { text: 'Preview', intent: 'none' };
  const theirs = tasks.some((t) => isOpenTask(t) && (t.owner === 'contractor' || t.owner === 'homeowner'));
  return theirs ? { text: 'In progress', intent: 'primary' } : { text: 'In review', intent: 'primary' };
}

/** Eligibility as a tag. */
export const ELIGIBILITY_VIEW: Record<EligibilityStatus, { text: string; intent: Intent; icon: IconName }> = {
  eligible: { text: 'Eligible', intent: 'success', icon: 'tick-circle' },
  pending_more_information: { text: 'Pending more information', intent: 'warning', icon: 'time' },
  ineligible: { text: 'Ineligible', intent: 'danger', icon: 'ban-circle' },
  unable_to_determine: { text: 'Unable to determine eligibility', intent: 'none', icon: 'help' },
};

/** The spec's wording when eligibility cannot be determined (sect. 8). */
export const UNDETERMINED = 'Unable to determine eligibility';

/** 'submit final rebate' -> 'Submit final rebate'. */
export const sentence = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** History record types and how each reads. */
export const HISTORY_TYPES: Record<string, string> = {
  job_created: 'Job created',
  job_submitted: 'Rebate submitted',
  task_draft_saved: 'Draft saved',
  task_submitted: 'Task submitted',
  task_exception_flagged: 'Exception flagged',
  task_exception_cleared: 'Exception cleared',
  task_transferred: 'Task transferred',
  task_reset: 'Task reset',
  job_canceled: 'Job canceled',
  job_restored: 'Job restored',
  job_claimed: 'Job claimed',
  job_set_as_deemed: 'Set as deemed',
  job_deemed_undone: 'Deemed undone',
  job_marked_ineligible: 'Marked ineligible',
  job_ineligible_undone: 'Ineligible undone',
  job_eligibility_overridden: 'Let go on although ineligible',
  job_eligibility_override_undone: 'Eligibility override undone',
  job_ops_owner_changed: 'Ops owner changed',
  documents_regenerated: 'Documents regenerated',
  document_stamping_retried: 'Signed copy made again',
  job_cloned: 'Job cloned',
  homeowner_confirmed_tasks: 'Homeowner confirmed tasks',
  homeowner_invited: 'Homeowner invited',
  homeowner_linked: 'Homeowner joined',
  homeowner_sign_in_link_sent: 'Sign-in link sent',
  budget_reserved: 'Budget reserved',
  budget_waitlisted: 'Waitlisted for budget',
  budget_promoted: 'Off the waitlist',
  budget_released: 'Budget released',
  budget_reservation_expired: 'Budget reservation expired',
  budget_committed: 'Budget committed',
  budget_spent: 'Budget spent',
  quality_sampled: 'Sampled for quality review',
  quality_not_sampled: 'Not sampled for quality review',
  quality_outcome_recorded: 'Quality review outcome',
  contractor_standing_changed: 'Contractor standing changed',
  corrective_action_opened: 'Corrective action opened',
  corrective_action_answered: 'Corrective action answered',
  corrective_action_reinspection: 'Re-inspection asked',
  corrective_action_closed: 'Corrective action closed',
  inspection_assigned: 'Inspector assigned',
  inspection_visit_proposed: 'Inspection visit offered',
  inspection_visit_confirmed: 'Inspection visit confirmed',
  completion_record_issued: 'Completion record issued',
  tracking_record_accepted: 'Reported to the federal tracking tool',
  tracking_record_refused: 'Refused by the federal tracking tool',
};

/** Cents as dollars ($1,234.50). */
const dollars = (cents: unknown) =>
  typeof cents === 'number' ? (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' }) : '';
/** A detail's text value, or ''. */
const text = (v: unknown) => (typeof v === 'string' ? v : '');
/** Why a budget reservation went back, in words. */
const RELEASE_WHY: Record<string, string> = {
  canceled: 'the job was canceled',
  ineligible: 'the job is no longer eligible',
  expiry: 'the reservation expired',
  payment_rejected: 'the payment was rejected',
};

/** One history row as a sentence. */
export function describeHistory(
  type: string,
  d: Record<string, unknown> | null,
  taskTitle: (id: string) => string,
): string {
  const task = typeof d?.task_id === 'string' ? taskTitle(d.task_id) : '';
  switch (type) {
    case 'job_created':
      return d?.cloned_from ? `Job created as a copy of job #${String(d.cloned_from)}` : 'Job created';
    case 'task_draft_saved':
      return `Saved a draft of ${task}`;
    case 'task_submitted':
      return d?.on_behalf_of === 'homeowner' ? `Submitted ${task} on behalf of the homeowner` : `Submitted ${task}`;
    case 'homeowner_invited': {
      const sent = Array.isArray(d?.tasks) ? d.tasks.map((id) => taskTitle(String(id))) : [];
      return `Invited the homeowner (${String(d?.to ?? '')}) to ${sent.length === 1 ? 'one task' : `${sent.length} tasks`}: ${sent.join(', ')}`;
    }
    case 'homeowner_linked':
      return `The homeowner opened the invitation and joined the portal as ${String(d?.email ?? '')}`;
    case 'homeowner_sign_in_link_sent':
      return `Sent a sign-in link to the homeowner (${String(d?.to ?? '')})`;
    case 'task_exception_flagged':
      return `Flagged a ${String(d?.kind)} exception on ${task}${d?.note ? `: ${String(d.note)}` : ''}`;
    case 'task_exception_cleared':
      return `Cleared the ${String(d?.kind)} exception on ${task}`;
    case 'task_transferred':
      return `Transferred ${task} to ${OWNER_LABELS[d?.to as ActionOwnerRole] ?? String(d?.to)}: ${String(d?.reason ?? '')}${d?.comments ? ` (${String(d.comments)})` : ''}`;
    case 'task_reset':
      return `Reset ${task} to its default owner`;
    case 'job_canceled':
      return `Canceled the job: ${String(d?.reason ?? '')}${d?.note ? ` (${String(d.note)})` : ''}`;
    case 'job_marked_ineligible':
      return d?.reason ? `Marked the job ineligible: ${String(d.reason)}` : 'Marked the job ineligible';
    case 'job_ineligible_undone':
      return 'Undid the ineligible mark: eligibility is again what the program’s rules say';
    case 'job_eligibility_overridden':
      return d?.reason
        ? `Let the job go on although the rules find it ineligible: ${String(d.reason)}`
        : 'Let the job go on although the rules find it ineligible';
    case 'job_eligibility_override_undone':
      return 'Undid the eligibility override: the ineligible job stops at submission again';
    case 'job_deemed_undone':
      return 'Undid set as deemed';
    case 'job_ops_owner_changed': {
      const was = d?.from_name ? String(d.from_name) : '';
      if (!d?.to_name) return `Removed the ops owner${was ? ` (${was})` : ''}`;
      return `Made ${String(d.to_name)} the ops owner${was ? ` (was ${was})` : ''}`;
    }
    case 'documents_regenerated':
      return `Regenerated the documents of ${typeof d?.task_name === 'string' ? taskTitle(d.task_name) : 'a task'}`;
    case 'document_stamping_retried':
      return `Asked for the signed copy of ${typeof d?.task_id === 'string' ? taskTitle(d.task_id) : 'a document'} to be made again`;
    case 'job_cloned':
      return `Cloned to ${String(d?.program_id ?? 'another program')} as job #${String(d?.clone_id ?? '')}`;
    case 'homeowner_confirmed_tasks': {
      const done = Array.isArray(d?.completed) ? d.completed.length : 0;
      return `Homeowner confirmed tasks done (${done} completed)`;
    }
    case 'budget_reserved':
    case 'budget_promoted': {
      const until = text(d?.expires_at).slice(0, 10);
      const what = type === 'budget_promoted' ? 'Off the waitlist: reserved' : 'Reserved';
      return `${what} ${dollars(d?.amount_cents)} of the program budget${until ? ` until ${until}` : ''}`;
    }
    case 'budget_waitlisted':
      return `Waitlisted for ${dollars(d?.amount_cents)} of the program budget (number ${String(d?.position ?? '?')} in line)`;
    case 'budget_released': {
      if (d?.left_waitlist) return 'Left the budget waitlist';
      const why = RELEASE_WHY[text(d?.why)];
      return `Released ${dollars(d?.amount_cents)} of the program budget${why ? `: ${why}` : ''}`;
    }
    case 'budget_reservation_expired':
      return `The budget reservation of ${dollars(d?.amount_cents)} expired`;
    case 'budget_committed':
      return `Committed ${dollars(d?.amount_cents)} of the program budget to the approved payment`;
    case 'budget_spent':
      return `Spent ${dollars(d?.amount_cents)} of the program budget: payment sent`;
    case 'quality_sampled':
    case 'quality_not_sampled':
      return `${text(d?.review) || 'Quality review'}: ${text(d?.explanation)}`;
    case 'quality_outcome_recorded': {
      const note = text(d?.note);
      const minor = text(d?.minor);
      const photos = text(d?.photo_warnings);
      return `${text(d?.review) || 'Quality review'} ${d?.outcome === 'pass' ? 'passed' : 'failed'}${note ? `: ${note}` : ''}${minor ? ` (minor issues: ${minor})` : ''}${photos ? `. Photos: ${photos}` : ''}`;
    }
    case 'contractor_standing_changed':
      return `The contractor's standing in ${text(d?.program) || 'the program'} is now ${text(d?.standing)}: ${text(d?.cause)}`;
    case 'corrective_action_opened': {
      const finding = text(d?.finding);
      return `Corrective action opened after the ${text(d?.review).toLowerCase() || 'review'} failed${finding ? ` (${finding})` : ''}, due ${/^\d{4}-\d{2}-\d{2}$/.test(text(d?.due)) ? longDate(text(d?.due)) : text(d?.due)}`;
    }
    case 'corrective_action_answered':
      return `Answered the corrective action of the ${text(d?.review).toLowerCase() || 'review'}: ${text(d?.note)}`;
    case 'corrective_action_reinspection':
      return `Asked for a re-inspection (${text(d?.review).toLowerCase() || 'review'})${text(d?.note) ? `: ${text(d?.note)}` : ''}`;
    case 'inspection_visit_proposed':
      return `${text(d?.review) || 'Field inspection'}: visit times offered to the homeowner (${text(d?.times)})`;
    case 'completion_record_issued':
      return `Completion record issued, listing ${String(d?.files ?? 0)} files with their fingerprints`;
    case 'tracking_record_accepted':
      return `The ${text(d?.measure).replace(/_/g, ' ')} ${text(d?.kind)} was accepted by the federal tracking tool (${text(d?.tool_id)})`;
    case 'tracking_record_refused': {
      const reasons = Array.isArray(d?.errors)
        ? (d.errors as { message?: unknown }[]).map((e) => text(e?.message)).filter(Boolean)
        : [];
      return `The federal tracking tool refused the ${text(d?.measure).replace(/_/g, ' ')} ${text(d?.kind)}${reasons.length ? `: ${reasons.join('; ')}` : ''}`;
    }
    case 'inspection_visit_confirmed': {
      const how = d?.picked ? 'picked a time of their own' : 'took an offered time';
      const note = text(d?.note);
      return `${text(d?.review) || 'Field inspection'}: the homeowner ${how}, ${text(d?.when)}${note ? ` (“${note}”)` : ''}`;
    }
    case 'inspection_assigned':
      return `${text(d?.review) || 'Quality review'} assigned to ${text(d?.inspector) || 'an inspector'}${
        text(d?.before) ? ` (was ${text(d?.before)})` : ''
      }`;
    case 'corrective_action_closed':
      return d?.resolution === 'passed'
        ? `Corrective action closed: the ${text(d?.review).toLowerCase() || 'review'} passed on re-inspection`
        : `Accepted the corrective action's answer (${text(d?.review).toLowerCase() || 'review'})${text(d?.note) ? `: ${text(d?.note)}` : ''}`;
    default:
      return HISTORY_TYPES[type] ?? type.replace(/_/g, ' ');
  }
}
