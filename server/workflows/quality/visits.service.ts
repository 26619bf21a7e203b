/**
 * A field inspection's visit with the homeowner (issue 43): the inspector it is assigned to (or ops) offers up to three
 * times, written in their own time zone; the homeowner gets them by mail with a link (the credential: its token's hash
 * is kept, never the token) and takes one or picks another time that suits them, with a note (a gate code, a dog). The
 * inspector is mailed the answer; both steps go to the job's history. New times replace the visit and its link.
 * The link works until the inspection is recorded (410 after; 404 for a link replaced by newer times).
 */

import { randomBytes } from 'node:crypto';
import {
  VISIT_MAX_DAYS_AHEAD,
  type Inspection,
  type VisitAnswer,
  type VisitProposal,
  type VisitView,
} from '../../../engine/api/inspections.ts';
import { assertMay } from '../../abilities.ts';
import { inTransaction, type AuthUser, type Deps } from '../../context.ts';
import { addHistory } from '../../db/history.db.ts';
import { getJob, type JobRow } from '../../db/jobs.db.ts';
import { findUserById } from '../../db/users.db.ts';
import { ApiError, conflict, notFound, validationError } from '../../errors.ts';
import { renderMail } from '../../mail/templates.ts';
import { hashToken } from '../../services/auth.service.ts';
import type { FieldMessage } from '../../../engine/index.ts';
import * as db from './visits.db.ts';
import { inspectionOf, sampledInspectionJob } from './inspections.service.ts';
import { presentVisit } from './visits.db.ts';

/** A visit link's token: its shape is all that is checked before it is looked up. */
export const VISIT_TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

const DAY_MS = 86_400_000;

export const VISIT_MESSAGES = {
  not_field: 'Only a field inspection has a visit to arrange.',
  recorded: 'This inspection is recorded: there is no visit to arrange.',
  no_email: 'The homeowner has no email address on the job: please call them to arrange the visit.',
  zone: 'Please choose a valid time zone.',
  past: 'Please choose a time in the future.',
  too_far: `Please choose a time within ${VISIT_MAX_DAYS_AHEAD} days.`,
  twice: 'This time is offered twice.',
  link: 'This link does not work: please use the link in the latest email about the visit.',
  over: 'This inspection is over: there is no visit to arrange.',
} as const;

/** Whether the zone is one the runtime knows (IANA: America/New_York). */
function knownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A time as the mail writes it, in the zone the times were offered in: "Thursday, December 3 at 10:00 AM EST". */
export function visitTime(iso: string, zone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));
}

/** A time someone chose, checked: a real instant, in the future, within the days a visit may be arranged ahead. */
function checkTime(deps: Deps, raw: string, path: string, errors: FieldMessage[]): string | null {
  const t = Date.parse(raw);
  const now = deps.now().getTime();
  if (!Number.isFinite(t)) errors.push({ path, message: VISIT_MESSAGES.past });
  else if (t <= now) errors.push({ path, message: VISIT_MESSAGES.past });
  else if (t > now + VISIT_MAX_DAYS_AHEAD * DAY_MS) errors.push({ path, message: VISIT_MESSAGES.too_far });
  else return new Date(t).toISOString();
  return null;
}

const addressOf = (j: JobRow) =>
  [j.address, j.city, [j.state, j.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');

/** Offers the homeowner times for the field inspection's visit; mails them the link. */
export async function proposeVisit(
  deps: Deps,
  user: AuthUser,
  jobId: unknown,
  reviewId: string,
  body: VisitProposal,
): Promise<Inspection> {
  assertMay(user, 'inspection.schedule');
  const job = await sampledInspectionJob(deps, user, jobId, reviewId);
  const inspection = await inspectionOf(deps, job, reviewId);
  if (inspection.kind !== 'field_inspection') throw conflict(VISIT_MESSAGES.not_field);
  if (inspection.state === 'passed' || inspection.state === 'failed') throw conflict(VISIT_MESSAGES.recorded);
  const errors: FieldMessage[] = [];
  if (!knownZone(body.time_zone)) errors.push({ path: 'time_zone', message: VISIT_MESSAGES.zone });
  const times: string[] = [];
  body.times.forEach((raw, i) => {
    const t = checkTime(deps, raw, `times/${i}`, errors);
    if (t && times.includes(t)) errors.push({ path: `times/${i}`, message: VISIT_MESSAGES.twice });
    else if (t) times.push(t);
  });
  if (!job.email) errors.push({ path: '', message: VISIT_MESSAGES.no_email });
  if (errors.length) throw validationError(errors);
  times.sort();
  const token = randomBytes(32).toString('base64url');
  const at = deps.now().toISOString();
  const program = deps.defs.programs[job.program_id];
  const inspector = inspection.inspector?.name ?? null;
  await inTransaction(deps, async (deps) => {
    await db.replaceVisit(deps.db, {
      job_id: job.id,
      review_id: reviewId,
      state: 'proposed',
      times: JSON.stringify(times),
      time_zone: body.time_zone,
      visit_at: null,
      note: null,
      token_hash: hashToken(token),
      proposed_by: user.id,
      proposed_at: at,
      answered_at: null,
    });
    await addHistory(deps.db, {
      job_id: job.id,
      type: 'inspection_visit_proposed',
      user_id: user.id,
      at,
      detail: { review: inspection.review, times: times.map((t) => visitTime(t, body.time_zone)).join('; ') },
    });
    await deps.adapters.mail.send(
      {
        to: job.email!,
        ...renderMail('inspection_visit_proposed', {
          homeowner_name: `${job.first_name} ${job.last_name}`.trim(),
          inspector_name: inspector ?? 'An inspector',
          program_name: program?.name ?? job.program_id,
          contractor_name: inspection.contractor?.name ?? 'your contractor',
          address: addressOf(job),
          time_list: times.map((t) => `- ${visitTime(t, body.time_zone)}`).join('\n'),
          link: `${deps.config.public_url}/visit/${token}`,
        }),
      },
      deps.db,
    );
  });
  return inspectionOf(deps, job, reviewId);
}

/** The visit a link opens, with its job and inspection; 404 for a link that is not (or no longer) one. */
async function visitOfLink(deps: Deps, token: string) {
  const visit = VISIT_TOKEN.test(token) ? await db.visitOfToken(deps.db, hashToken(token)) : undefined;
  const job = visit && (await getJob(deps.db, visit.job_id));
  if (!visit || !job || job.is_canceled) throw notFound(VISIT_MESSAGES.link);
  const inspection = await inspectionOf(deps, job, visit.review_id);
  return { visit, job, inspection, open: inspection.state === 'unassigned' || inspection.state === 'assigned' };
}

/** The homeowner's page of the visit. */
export async function visitView(deps: Deps, token: string): Promise<VisitView> {
  const { visit, job, inspection, open } = await visitOfLink(deps, token);
  return {
    job_code: job.code,
    program: inspection.program,
    review: inspection.review,
    address: inspection.address,
    inspector: inspection.inspector?.name ?? null,
    visit: presentVisit(visit),
    open,
  };
}

/** The homeowner takes an offered time or picks another; the inspector is mailed it. */
export async function answerVisit(deps: Deps, token: string, body: VisitAnswer): Promise<VisitView> {
  const { visit, job, inspection, open } = await visitOfLink(deps, token);
  if (!open) throw new ApiError(410, VISIT_MESSAGES.over);
  const errors: FieldMessage[] = [];
  const at = checkTime(deps, body.at, 'at', errors);
  if (errors.length || !at) throw validationError(errors);
  const offered = (JSON.parse(visit.times) as string[]).includes(at);
  const note = body.note?.trim() || null;
  const now = deps.now().toISOString();
  const inspector = inspection.inspector ? await findUserById(deps.db, inspection.inspector.id) : undefined;
  const when = visitTime(at, visit.time_zone);
  await inTransaction(deps, async (deps) => {
    if (
      !(await db.confirmVisit(deps.db, hashToken(token), {
        visit_at: at,
        chosen_by_homeowner: !offered,
        note,
        answered_at: now,
      }))
    )
      throw notFound(VISIT_MESSAGES.link);
    await addHistory(deps.db, {
      job_id: job.id,
      type: 'inspection_visit_confirmed',
      user_id: job.homeowner_user_id,
      at: now,
      detail: { review: inspection.review, when, ...(offered ? {} : { picked: true }), ...(note ? { note } : {}) },
    });
    if (inspector?.email)
      await deps.adapters.mail.send(
        {
          to: inspector.email,
          ...renderMail('inspection_visit_answered', {
            homeowner_name: `${job.first_name} ${job.last_name}`.trim(),
            how: offered ? 'took a time you offered' : 'picked another time',
            job_code: job.code,
            address: addressOf(job),
            when,
            note: note ? `They add: ${note}` : 'No note.',
            link: `${deps.config.public_url}/inspections`,
          }),
        },
        deps.db,
      );
  });
  return visitView(deps, token);
}
