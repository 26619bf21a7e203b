/**
 * Who may call what, in one place: each route names one ability (`can('job.claim')` where it is
 * registered), each ability the roles that hold it. The router's guard, the OpenAPI document's roles and
 * the access-matrix test all read it from here, so access is stated once. What a role may do with one
 * particular job, task or attachment (its company's, its own, a homeowner's task) is decided after the
 * guard by the resource rules in services/access.ts, which also derive the `abilities` a response
 * carries for the web app.
 */

import type { Middleware } from 'koa';
import { USER_ROLES, type UserRole } from '../engine/constants.ts';
import type { AppContext, AuthUser } from './context.ts';
import { forbidden, unauthorized } from './errors.ts';

/** Everyone who signs in: their session and preferences. */
const EVERYONE: readonly UserRole[] = USER_ROLES;
/**
 * The people of jobs: ops, contractors, homeowners. An inspector is not one of them (issue 43): they see only the
 * inspections assigned to them, through the inspection routes, never a job's own.
 */
const ALL: readonly UserRole[] = ['ops', 'contractor', 'homeowner'];
const OPS: readonly UserRole[] = ['ops'];
const OPS_INSPECTOR: readonly UserRole[] = ['ops', 'inspector'];
const OPS_CONTRACTOR: readonly UserRole[] = ['ops', 'contractor'];
const CONTRACTOR: readonly UserRole[] = ['contractor'];

/** Every ability and the roles that hold it; `public` needs no sign-in. */
export const ABILITIES = {
  public: null,
  'session.read': EVERYONE,
  'auth.mint_login_link': OPS,
  'auth.read_outbox': OPS,
  'mail.read_templates': OPS,
  'work.manage': OPS,
  'preferences.own': EVERYONE,
  'feature_flag.read': EVERYONE,
  // The forms themselves (task-schemas/): definitions, no job's data; an inspector fills the quality checklists.
  'form.read': EVERYONE,
  'feature_flag.manage': OPS,

  'job.list': ALL,
  'job.list_internal': OPS,
  'job.search': ALL,
  'job.create': OPS_CONTRACTOR,
  'job.read': ALL,
  'job.read_detail': OPS_CONTRACTOR,
  'job.history': OPS_CONTRACTOR,
  'job.cancel': OPS_CONTRACTOR,
  'job.restore': OPS_CONTRACTOR,
  'job.clone': OPS_CONTRACTOR,
  'job.claim': OPS,
  'job.set_deemed': OPS,
  'job.mark_ineligible': OPS,
  'job.override_eligibility': OPS,
  'job.assign_ops_owner': OPS,
  'job.regenerate_documents': OPS,
  'job.confirm_homeowner_tasks': ['homeowner', 'ops'],
  'job.invite_homeowner': OPS_CONTRACTOR,
  'job.send_homeowner_sign_in_link': OPS,
  'job.explore': OPS,
  'job.migrate_version': OPS,

  'task.read': ALL,
  'task.work': ALL,
  'task.flag_exception': OPS_CONTRACTOR,
  'task.clear_exception': OPS_CONTRACTOR,
  'task.transfer': OPS,
  'task.reset': OPS,

  'document.read': ALL,
  'document.resend': OPS_CONTRACTOR,

  'payment.override': OPS,
  /** A paid job's completion record: whoever may see the job (its PDF is one for all three). */
  'completion_record.read': ALL,
  /** Federal reporting: a job's records for DOE's tracking tool and the monthly bulk files. */
  'reporting.view': OPS,
  'budget.view': OPS,
  'budget.adjust': OPS,
  'reconciliation.view': OPS,
  /** A job's quality decisions (the contractor's standing among what decided them): not the homeowner's to read. */
  'quality.view': OPS_CONTRACTOR,
  'quality.record': OPS,
  /** The inspection queue: ops see every sampled review; an inspector those assigned to them (services decide). */
  'inspection.list': OPS_INSPECTOR,
  'inspection.read': OPS_INSPECTOR,
  /** A sampled review's outcome: ops, or the inspector it is assigned to. */
  'inspection.record': OPS_INSPECTOR,
  'inspection.assign': OPS,
  /** Offering the homeowner times for a field inspection's visit: ops, or the inspector it is assigned to. */
  'inspection.schedule': OPS_INSPECTOR,
  'inspector.list': OPS,
  'inspector.manage': OPS,
  'quality.set_standing': OPS,
  /** A corrective action is the contractor's to answer (ops decide on the answer: quality.record). */
  'quality.answer': CONTRACTOR,

  'usage.read': ALL,
  'usage.manage': OPS,

  'attachment.upload': ALL,
  'attachment.read': ALL,
  'attachment.delete': ALL,

  'contractor.list': OPS_CONTRACTOR,
  'contractor.read': OPS_CONTRACTOR,
  'contractor.read_own': ['contractor'],
  'contractor.manage': OPS,
  'user.invite_contractor': OPS_CONTRACTOR,
  'user.invite_ops': OPS,

  'program.read': ALL,
  'definitions.explore': OPS,
  'definitions.impact': OPS,
  'definitions.versions': OPS,
  'announcement.read': OPS_CONTRACTOR,
  'announcement.manage': OPS,
  'equipment.read': ALL,
  'equipment.manage': OPS,
  'provider.read': OPS_CONTRACTOR,
  'provider.manage': OPS,
  'terms.read_current': ALL,
  'terms.read': OPS_CONTRACTOR,
  'terms.manage': OPS,
} as const satisfies Record<string, readonly UserRole[] | null>;

/** An ability's name. */
export type Ability = keyof typeof ABILITIES;

/** The roles holding an ability (null: anyone, signed in or not). */
export function rolesOf(ability: Ability): readonly UserRole[] | null {
  return ABILITIES[ability];
}

/** Whether a user holds an ability (an anonymous caller holds only `public`). */
export function may(user: AuthUser | undefined, ability: Ability): boolean {
  const roles = rolesOf(ability);
  return roles === null || (!!user && roles.includes(user.role));
}

/** A route's guard, carrying the ability it checks (read by the OpenAPI build and the access matrix). */
export type Guard = Middleware & { ability: Ability };

/** The guard of a route: 401 without a session (unless public), 403 for a role without the ability. */
export function can(ability: Ability): Guard {
  const guard = (async (ctx: AppContext, next: () => Promise<unknown>) => {
    if (rolesOf(ability) !== null) {
      if (!ctx.state.user) throw unauthorized();
      if (!may(ctx.state.user, ability)) throw forbidden();
    }
    await next();
  }) as unknown as Guard;
  guard.ability = ability;
  return guard;
}

/** The signed-in user of a guarded route (its guard has checked there is one). */
export function userOf(ctx: AppContext): AuthUser {
  const user = ctx.state.user;
  if (!user) throw unauthorized();
  return user;
}

/** Throws 403 unless the user holds the ability: services check the same table their routes' guards do. */
export function assertMay(user: AuthUser, ability: Ability): void {
  if (!may(user, ability)) throw forbidden();
}
