/** The background work kinds of energy usage collection (server/workflows/usage/usage-work.ts handles them). */
export const USAGE_WORK = {
  invite: 'usage.invite',
  check: 'usage.check',
  collect: 'usage.collect',
  revoke: 'usage.revoke',
} as const;
