/**
 * What the person looking at a job has to do now: their open tasks, in order (stage, then the program's
 * task order), and, when they have none, who the job waits on, in plain words. Only tasks are offered:
 * a stage's contractor action with no task behind it is never a step.
 */

import { ACTION_OWNER_ROLES, type ActionOwnerRole } from '../../../../engine/constants.ts';
import { isOpenTask } from '../../../../engine/submission.ts';
import type { JobTask } from '../api/get-job.ts';
import type { JobDocument } from '../api/get-documents.ts';
import { SIGNER_ROLE_LABELS, type SignerRole } from '../../../../engine/api/signing.ts';
import { OWNER_LABELS, type Viewer } from './job-text.ts';
import type { JobTabId } from './task-sections.ts';

/** Who a job waits on, as a sentence names them: "the" and the owner's label, but for the program's two teams. */
export const WAITING_FOR: Record<ActionOwnerRole, string> = {
  ...(Object.fromEntries(ACTION_OWNER_ROLES.map((r) => [r, `the ${OWNER_LABELS[r].toLowerCase()}`])) as Record<
    ActionOwnerRole,
    string
  >),
  ops: 'the program’s operations team',
  finance: 'the program’s finance team',
};

/** How many task titles a waiting sentence names per owner before "and N more". */
const NAMED = 2;

export const NEXT_STEP_MESSAGES = {
  all_done: 'Nothing left to do: every task of this job is complete.',
  none_open: 'Nothing to do right now: the next tasks open once the earlier ones are complete.',
  /** The homeowner's page lists only their own tasks: it names where the job is instead. */
  yours_done: (stage: string) => `Nothing for you to do right now. Where your job is: ${stage}.`,
} as const;

type Task = Pick<JobTask, 'id' | 'title' | 'stage' | 'status' | 'owner' | 'can_edit'>;

/**
 * Whether a task is the viewer's to do now. In their own view a person's tasks are the open ones they
 * may answer (a contractor also the homeowner tasks the program lets them fill in); ops' are the
 * program side's (ops may answer any task, but a contractor's or homeowner's is not ops' next step); a
 * preview (ops or a contractor seeing the job as another role) shows the open tasks that role owns.
 */
export function isYourStep(t: Task, viewer: Viewer, ownView: boolean): boolean {
  if (!isOpenTask(t)) return false;
  if (viewer === 'ops') return t.owner !== 'contractor' && t.owner !== 'homeowner';
  return ownView ? t.can_edit : t.owner === viewer;
}

/** The viewer's open tasks, in order: by stage, then in the program's order. */
export function yourSteps<T extends Task>(tasks: readonly T[], viewer: Viewer, ownView: boolean): T[] {
  return tasks
    .map((t, i) => ({ t, i }))
    .filter(({ t }) => isYourStep(t, viewer, ownView))
    .sort((a, b) => a.t.stage - b.t.stage || a.i - b.i)
    .map(({ t }) => t);
}

/** The tab showing a task: its form's section, else Program progress (which shows every task). */
export const tabOfTask = (t: Pick<JobTask, 'section'>): JobTabId => t.section ?? 'progress';

/**
 * Who the job waits on when the viewer has nothing to do: the owners of the open tasks with their
 * titles ("Waiting for the homeowner to complete Provide income estimate."), or why nothing is open.
 * `onlyYours`: the tasks are the viewer's own only (the homeowner's page), so it names the job's stage.
 */
export function waitingSentence(
  tasks: readonly Task[],
  viewer: Viewer,
  ownView: boolean,
  onlyYours?: { stage: string },
  signing?: SigningWaits,
): string {
  const open = tasks.filter((t) => isOpenTask(t) && !isYourStep(t, viewer, ownView));
  if (onlyYours && !open.length) return NEXT_STEP_MESSAGES.yours_done(onlyYours.stage);
  if (!open.length)
    return tasks.every((t) => t.status === 'COMPLETE') ? NEXT_STEP_MESSAGES.all_done : NEXT_STEP_MESSAGES.none_open;
  // A signing task waits on whoever has to sign next, not on its owner: "the homeowner to sign …".
  const byWho = new Map<string, { who: string; verb: string; titles: string[] }>();
  for (const t of open) {
    const signer = signing?.get(t.id);
    const key = signer ? `sign:${signer}` : t.owner;
    const entry = byWho.get(key) ?? {
      who: signer ? `the ${SIGNER_ROLE_LABELS[signer].toLowerCase()}` : WAITING_FOR[t.owner],
      verb: signer ? 'sign the documents of' : 'complete',
      titles: [],
    };
    entry.titles.push(t.title);
    byWho.set(key, entry);
  }
  const parts = [...byWho.values()].map(({ who, verb, titles }) => {
    const more = titles.length - NAMED;
    const items = more > 0 ? [...titles.slice(0, NAMED), `${more} more ${more === 1 ? 'task' : 'tasks'}`] : titles;
    return `${who} to ${verb} ${items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : items[0]}`;
  });
  return `Waiting for ${parts.join('; and for ')}.`;
}

/** Who a signing task's documents wait on, by task id: the first signer yet to sign. */
export type SigningWaits = ReadonlyMap<string, SignerRole>;

/** The signer each open signing task waits on, from the job's documents (GET /api/jobs/{id}/documents). */
export function signingWaits(docs: Pick<JobDocument, 'task_id' | 'signers'>[] | undefined): SigningWaits {
  const out = new Map<string, SignerRole>();
  for (const d of docs ?? []) {
    const next = d.signers.find((s) => s.status !== 'success');
    if (next && !out.has(d.task_id)) out.set(d.task_id, next.role);
  }
  return out;
}
