/**
 * Homeowners brought onto the portal (issue 16, spec sect. 3 "Homeowner email"): from a job, ops or the
 * contractor invites the homeowner by email with the tasks to send them (the homeowner_email_solicitation
 * form); the invitation's one-time link creates or links the homeowner's account to the job and opens a
 * session on the homeowner view, which then shows exactly the tasks sent. Ops can mail a linked homeowner
 * a new sign-in link.
 */

import { randomBytes } from 'node:crypto';
import type { HomeownerAccess, HomeownerInviteRequest, InviteSession } from '../../../engine/api/homeowners.ts';
import { validateTask } from '../../../engine/index.ts';
import { may } from '../../abilities.ts';
import { inTransaction, type AuthUser, type Deps } from '../../context.ts';
import { ApiError, badRequest, unauthorized, validationError } from '../../errors.ts';
import * as jobsDb from '../../db/jobs.db.ts';
import * as invitesDb from './homeowners.db.ts';
import { findUserByEmail, findUserById, insertUser } from '../../db/users.db.ts';
import { getContractor } from '../../db/contractors.db.ts';
import { addHistory } from '../../db/history.db.ts';
import { isUniqueViolation } from '../../db/portable.ts';
import { renderMail } from '../../mail/templates.ts';
import { jobState } from '../../services/evaluation.ts';
import { programOfJob } from '../../services/pinned-program.ts';
import { actorOf } from '../../services/access.ts';
import { hashToken, mintLoginLink, openSession } from '../../services/auth.service.ts';

/** The form whose fields an invitation is (task-schemas/homeowner_email_solicitation). */
export const SOLICITATION_FORM = 'homeowner_email_solicitation';
/** assumption: an invitation link works for 14 days (the spec gives no limit); a new one can be sent at any time. */
export const INVITE_DAYS = 14;
/** How long a sign-in link ops send lasts (the same as a minted sign-in link). */
const SIGN_IN_LINK_HOURS = 72;

export const HOMEOWNER_MESSAGES = {
  link_invalid: 'This invitation link is invalid, already used or expired. Ask your contractor to send a new one.',
  not_sendable: (id: string) => `'${id}' is not a homeowner task of this job, so it cannot be sent to the homeowner.`,
  not_homeowner_email: 'This email belongs to a contractor or staff account. Use the homeowner’s own email address.',
  canceled: 'This job is canceled: restore it before inviting the homeowner.',
  no_homeowner: 'No homeowner has joined this job yet. Invite the homeowner first.',
} as const;

const plural = (n: number, one: string) => (n === 1 ? `1 ${one}` : `${n} ${one}s`);

/** The form's task options (tasks_to_send_homeowner's enum): data, so a program manager changes them in the form. */
function formOptions(deps: Deps): string[] {
  const form = deps.defs.forms[SOLICITATION_FORM];
  const prop = (form?.schema as { properties?: Record<string, { items?: { enum?: unknown[] } }> } | undefined)
    ?.properties?.tasks_to_send_homeowner;
  return (prop?.items?.enum ?? []).filter((x): x is string => typeof x === 'string');
}

/**
 * The job's homeowner tasks: those an invitation can send (the form's options that this job has, owned
 * by the homeowner now), and those only the homeowner may answer (no `on_behalf`), which are theirs
 * whatever is sent.
 */
async function homeownerTasks(deps: Deps, job: jobsDb.JobRow) {
  const options = new Set(formOptions(deps));
  const { evaluation: ev, program } = await jobState(deps, job);
  const theirs = ev.tasks
    .filter((t) => t.owner === 'homeowner')
    .map((t) => ({ id: t.id, title: t.title, status: t.status, only: !actorOf(program, t).on_behalf }));
  const view = ({ id, title, status }: (typeof theirs)[number]) => ({ id, title, status });
  return {
    sendable: theirs.filter((t) => options.has(t.id) && !t.only).map(view),
    only: theirs.filter((t) => t.only).map(view),
  };
}

const sentTasksOf = (job: jobsDb.JobRow): string[] | null =>
  job.homeowner_tasks ? (JSON.parse(job.homeowner_tasks) as string[]) : null;

/** Who can reach the job's homeowner view and what was sent (ops and the job's contractor). */
export async function homeownerAccess(deps: Deps, user: AuthUser, job: jobsDb.JobRow): Promise<HomeownerAccess> {
  const linked = job.homeowner_user_id === null ? undefined : await findUserById(deps.db, job.homeowner_user_id);
  const invites = await invitesDb.invitesOfJob(deps.db, job.id);
  const tasks = await homeownerTasks(deps, job);
  return {
    homeowner: linked ? { email: linked.email, name: linked.name } : null,
    suggested_email: job.email,
    sendable_tasks: tasks.sendable,
    homeowner_only_tasks: tasks.only,
    sent_tasks: sentTasksOf(job),
    invites: invites.map((i) => ({
      id: i.id,
      email: i.email,
      tasks: JSON.parse(i.tasks) as string[],
      created_at: i.created_at,
      expires_at: i.expires_at,
      used_at: i.used_at,
    })),
    can_invite: may(user, 'job.invite_homeowner') && !job.is_canceled,
    can_send_sign_in_link: may(user, 'job.send_homeowner_sign_in_link') && !!linked,
  };
}

/**
 * Invites the homeowner: the body is checked by the homeowner_email_solicitation form (its messages),
 * every task must be one the job's homeowner can be sent, and the email must not be a staff or contractor
 * account's. The mail goes in the same transaction as the invitation and its history row.
 */
export async function inviteHomeowner(deps: Deps, user: AuthUser, job: jobsDb.JobRow, body: HomeownerInviteRequest) {
  if (job.is_canceled) throw badRequest(HOMEOWNER_MESSAGES.canceled, 'job_canceled');
  const form = deps.defs.forms[SOLICITATION_FORM];
  if (!form) throw new ApiError(500, `Form '${SOLICITATION_FORM}' is not loaded`);
  const checked = validateTask(form, body);
  if (!checked.ok) throw validationError(checked.errors);
  const email = String(checked.data.invite_email).trim();
  const tasks = checked.data.tasks_to_send_homeowner as string[];
  const { sendable, only } = await homeownerTasks(deps, job);
  const bad = tasks.find((t) => !sendable.some((s) => s.id === t));
  if (bad) throw validationError([{ path: 'tasks_to_send_homeowner', message: HOMEOWNER_MESSAGES.not_sendable(bad) }]);
  const existing = await findUserByEmail(deps.db, email);
  if (existing && existing.role !== 'homeowner')
    throw validationError([{ path: 'invite_email', message: HOMEOWNER_MESSAGES.not_homeowner_email }]);
  const token = randomBytes(32).toString('base64url');
  const now = deps.now();
  const expires_at = new Date(now.getTime() + INVITE_DAYS * 86_400_000).toISOString();
  const program = await programOfJob(deps, job);
  const contractor = job.contractor_id === null ? undefined : await getContractor(deps.db, job.contractor_id);
  // The mail lists the tasks sent and the open ones only the homeowner can answer.
  const titles = [
    ...tasks.map((id) => sendable.find((s) => s.id === id)!.title),
    ...only.filter((t) => t.status !== 'COMPLETE').map((t) => t.title),
  ];
  return inTransaction(deps, async (deps) => {
    const id = await invitesDb.insertInvite(deps.db, {
      job_id: job.id,
      email,
      tasks: JSON.stringify(tasks),
      token_hash: hashToken(token),
      expires_at,
      sent_by: user.id,
      created_at: now.toISOString(),
    });
    const mail = renderMail('homeowner_invite', {
      homeowner_name: job.full_name,
      inviter_name: user.name,
      contractor_name: contractor?.name ?? 'your contractor',
      program_name: program.name,
      address: [job.address, job.city].filter(Boolean).join(', '),
      job_code: job.code,
      task_count: plural(titles.length, 'task'),
      task_list: titles.map((t) => `  - ${t}`).join('\n'),
      link: `${deps.config.public_url}/welcome/${token}`,
      link_days: INVITE_DAYS,
    });
    await deps.adapters.mail.send({ to: email, ...mail }, deps.db);
    await addHistory(deps.db, {
      job_id: job.id,
      type: 'homeowner_invited',
      user_id: user.id,
      at: now.toISOString(),
      detail: { to: email, tasks },
    });
    return { id, email, tasks, created_at: now.toISOString(), expires_at, used_at: null };
  });
}

/**
 * The homeowner opens the invitation's link: once, before it expires. Their account is the one with the
 * invitation's email (created as a homeowner when there is none); it becomes the job's homeowner, and the
 * tasks they see are those sent (added to earlier invitations' when the same homeowner opens another).
 */
export async function acceptInvite(deps: Deps, token: unknown): Promise<InviteSession> {
  const invalid = () => unauthorized(HOMEOWNER_MESSAGES.link_invalid, 'invite_link_invalid');
  if (typeof token !== 'string' || !token) throw invalid();
  const now = deps.now().toISOString();
  // Two invitations to one email opened at once both create its account: the second transaction meets the first's
  // row in the unique index (and on PostgreSQL its transaction is then over), so it runs once more and finds it.
  for (let attempt = 1; ; attempt++) {
    try {
      return await openInvite(deps, token, now);
    } catch (e) {
      if (attempt >= 3 || !isUniqueViolation(e)) throw e;
    }
  }
}

async function openInvite(deps: Deps, token: string, now: string): Promise<InviteSession> {
  const invalid = () => unauthorized(HOMEOWNER_MESSAGES.link_invalid, 'invite_link_invalid');
  return inTransaction(deps, async (deps) => {
    const invite = await invitesDb.lockInviteByTokenHash(deps.db, hashToken(token));
    if (!invite || invite.used_at !== null || invite.expires_at <= now) throw invalid();
    const job = await jobsDb.getJob(deps.db, invite.job_id);
    if (!job || job.is_canceled) throw invalid();
    let account = await findUserByEmail(deps.db, invite.email);
    if (account && account.role !== 'homeowner')
      throw new ApiError(403, HOMEOWNER_MESSAGES.not_homeowner_email, undefined, 'invite_email_not_homeowner');
    if (!account) {
      const id = await insertUser(deps.db, {
        email: invite.email,
        name: job.full_name,
        role: 'homeowner',
        created_at: now,
      });
      account = (await findUserById(deps.db, id))!;
    }
    if (!(await invitesDb.spendInvite(deps.db, invite.id, account.id, now))) throw invalid();
    const sent = JSON.parse(invite.tasks) as string[];
    const before = sentTasksOf(job);
    // The same homeowner adds the newly sent tasks (one who sees every task keeps seeing them); a new one sees only
    // these.
    const homeowner_tasks =
      job.homeowner_user_id === account.id ? (before === null ? null : [...new Set([...before, ...sent])]) : sent;
    await jobsDb.updateJob(deps.db, job.id, {
      homeowner_user_id: account.id,
      homeowner_tasks: homeowner_tasks && JSON.stringify(homeowner_tasks),
    });
    await addHistory(deps.db, {
      job_id: job.id,
      type: 'homeowner_linked',
      user_id: account.id,
      at: now,
      detail: {
        email: account.email,
        invite_id: invite.id,
        tasks: sent,
        ...(job.homeowner_user_id !== null && job.homeowner_user_id !== account.id
          ? { replaced_user_id: job.homeowner_user_id }
          : {}),
      },
    });
    return { session: await openSession(deps, account), job_id: job.id };
  });
}

/** Ops mail the job's homeowner a new one-time sign-in link (the homeowner_sign_in_link template). */
export async function sendSignInLink(deps: Deps, user: AuthUser, job: jobsDb.JobRow) {
  const homeowner = job.homeowner_user_id === null ? undefined : await findUserById(deps.db, job.homeowner_user_id);
  if (!homeowner) throw new ApiError(409, HOMEOWNER_MESSAGES.no_homeowner, undefined, 'conflict');
  return inTransaction(deps, async (deps) => {
    const link = await mintLoginLink(deps, homeowner.id);
    const mail = renderMail('homeowner_sign_in_link', {
      homeowner_name: homeowner.name,
      program_name: (await programOfJob(deps, job)).name,
      address: [job.address, job.city].filter(Boolean).join(', '),
      job_code: job.code,
      link: `${link.url}&redirect=${encodeURIComponent(`/${job.id}`)}`,
      link_hours: SIGN_IN_LINK_HOURS,
    });
    await deps.adapters.mail.send({ to: homeowner.email, ...mail }, deps.db);
    await addHistory(deps.db, {
      job_id: job.id,
      type: 'homeowner_sign_in_link_sent',
      user_id: user.id,
      at: deps.now().toISOString(),
      detail: { to: homeowner.email },
    });
    return { to: homeowner.email, expires_at: link.expires_at };
  });
}
