/**
 * Homeowners brought onto the portal (issue 16), as JSON Schemas written once: who has access to a job's
 * homeowner view and which tasks were sent to them; the invitation (the homeowner_email_solicitation
 * form's two fields); the homeowner opening the invitation's one-time link.
 */

import type { FromSchema } from 'json-schema-to-ts';
import { NULLABLE_STRING } from './schema-parts.ts';
import { SESSION } from './auth.ts';

const INVITE = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'email', 'tasks', 'created_at', 'expires_at', 'used_at'],
  properties: {
    id: { type: 'integer' },
    email: { type: 'string' },
    tasks: { type: 'array', items: { type: 'string' } },
    created_at: { type: 'string' },
    expires_at: { type: 'string' },
    /** When the homeowner opened the link (it works once); null: not yet. */
    used_at: NULLABLE_STRING,
  },
} as const;

/** POST /api/jobs/{id}/homeowner-invites: the invitation sent. */
export const HOMEOWNER_INVITE = INVITE;
export type HomeownerInvite = FromSchema<typeof INVITE>;

/** GET /api/jobs/{id}/homeowner-access. */
export const HOMEOWNER_ACCESS = {
  type: 'object',
  additionalProperties: false,
  required: [
    'homeowner',
    'suggested_email',
    'sendable_tasks',
    'homeowner_only_tasks',
    'sent_tasks',
    'invites',
    'can_invite',
    'can_send_sign_in_link',
  ],
  properties: {
    /** The homeowner account linked to the job, if any. */
    homeowner: {
      oneOf: [
        { type: 'null' },
        {
          type: 'object',
          additionalProperties: false,
          required: ['email', 'name'],
          properties: { email: { type: 'string' }, name: { type: 'string' } },
        },
      ],
    },
    /** The homeowner's email on the job: where an invitation goes unless changed. */
    suggested_email: NULLABLE_STRING,
    /** The job's homeowner tasks an invitation can send (the form's options this job has). */
    sendable_tasks: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'title', 'status'],
        properties: { id: { type: 'string' }, title: { type: 'string' }, status: { type: 'string' } },
      },
    },
    /** The job's tasks only the homeowner may answer (the program gives them no on_behalf): theirs whatever an
     * invitation sends. */
    homeowner_only_tasks: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'title', 'status'],
        properties: { id: { type: 'string' }, title: { type: 'string' }, status: { type: 'string' } },
      },
    },
    /** The tasks sent by the invitations the homeowner opened (besides those only they may answer); null: every
     * homeowner task. */
    sent_tasks: { oneOf: [{ type: 'null' }, { type: 'array', items: { type: 'string' } }] },
    invites: { type: 'array', items: INVITE },
    can_invite: { type: 'boolean' },
    can_send_sign_in_link: { type: 'boolean' },
  },
} as const;
export type HomeownerAccess = FromSchema<typeof HOMEOWNER_ACCESS>;

/** POST /api/jobs/{id}/homeowner-invites: the homeowner_email_solicitation form's fields (checked by that form). */
export const HOMEOWNER_INVITE_REQUEST = {
  type: 'object',
  additionalProperties: false,
  required: ['invite_email', 'tasks_to_send_homeowner'],
  properties: {
    invite_email: { type: 'string', maxLength: 320 },
    tasks_to_send_homeowner: { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 100 } },
  },
} as const;
export type HomeownerInviteRequest = FromSchema<typeof HOMEOWNER_INVITE_REQUEST>;

/** POST /api/auth/invite: the token of the invitation's link. */
export const INVITE_SIGN_IN = {
  type: 'object',
  additionalProperties: false,
  required: ['token'],
  properties: { token: { type: 'string', maxLength: 200 } },
} as const;

/** The homeowner's session and the job the invitation was for. */
export const INVITE_SESSION = {
  type: 'object',
  additionalProperties: false,
  required: ['session', 'job_id'],
  properties: { session: SESSION, job_id: { type: 'integer' } },
} as const;
export type InviteSession = FromSchema<typeof INVITE_SESSION>;

/** POST /api/jobs/{id}/homeowner-sign-in-link: to whom it went. */
export const SIGN_IN_LINK_SENT = {
  type: 'object',
  additionalProperties: false,
  required: ['to', 'expires_at'],
  properties: { to: { type: 'string' }, expires_at: { type: 'string' } },
} as const;
export type SignInLinkSent = FromSchema<typeof SIGN_IN_LINK_SENT>;
