/** The signed-in user's preferences (spec sect. 3) and the feature flags. */

import { userOf } from '../abilities.ts';
import { route } from './declare.ts';
import { PREFERENCES, PREFERENCES_ANSWER } from '../../engine/api/admin-requests.ts';
import { FEATURE_FLAG, FEATURE_FLAG_SET, FEATURE_FLAGS_ANSWER } from '../../engine/api/auth.ts';
import type { AppContext, AppRouter } from '../context.ts';
import { listFlags, setFlag } from '../db/settings.db.ts';
import { FEATURE_FLAGS } from '../services/flags.service.ts';
import { notFound } from '../errors.ts';
import { readPreferences, savePreferences } from '../services/preferences.service.ts';

/** The :name of a known feature flag (404 otherwise). */
const flagOf = (ctx: AppContext): string => {
  if (!(FEATURE_FLAGS as readonly string[]).includes(ctx.params.name)) throw notFound('Unknown feature flag');
  return ctx.params.name;
};

export function preferencesRoutes(router: AppRouter): void {
  route(
    router,
    {
      method: 'get',
      path: '/api/preferences',
      ability: 'preferences.own',
      tag: 'preferences',
      summary: 'The signed-in user’s preferences, defaults filled in',
      response: PREFERENCES_ANSWER,
    },
    async (ctx: AppContext) => {
      ctx.body = await readPreferences(ctx.deps, userOf(ctx).id);
    },
  );
  route(
    router,
    {
      method: 'put',
      path: '/api/preferences',
      ability: 'preferences.own',
      tag: 'preferences',
      summary: 'Save some of the signed-in user’s preferences',
      body: PREFERENCES,
      errors: [422],
      response: PREFERENCES_ANSWER,
      // The user_preferences form checks its fields first, so its messages (not the contract's) answer.
      bodyCheckedBy: 'call',
    },
    async (ctx: AppContext) => {
      ctx.body = await savePreferences(ctx.deps, userOf(ctx).id, ctx.request.body);
    },
  );
  route(
    router,
    {
      method: 'get',
      path: '/api/feature-flags',
      ability: 'feature_flag.read',
      tag: 'preferences',
      summary: 'Feature flags',
      response: FEATURE_FLAGS_ANSWER,
    },
    async (ctx: AppContext) => {
      ctx.body = { items: await listFlags(ctx.deps.db) };
    },
  );
  route(
    router,
    {
      method: 'put',
      path: '/api/feature-flags/:name',
      ability: 'feature_flag.manage',
      tag: 'preferences',
      summary: 'Turn a feature flag on or off',
      body: FEATURE_FLAG_SET,
      errors: [404, 422],
      response: FEATURE_FLAG,
      load: flagOf,
    },
    async (ctx, body, name) => {
      await setFlag(ctx.deps.db, name, body.enabled);
      ctx.body = { name, enabled: body.enabled };
    },
  );
}
