/** The signed-in user's preferences (spec sect. 3) and the feature flags. */

import { can, userOf } from '../abilities.ts';
import type { AppContext, AppRouter } from '../context.ts';
import { getPreferences, listFlags, putPreferences, setFlag } from '../db/settings.db.ts';
import { FEATURE_FLAGS } from '../services/flags.service.ts';
import { notFound } from '../errors.ts';
import { checkBody } from '../validation.ts';
import { PREFERENCE_DEFAULTS } from '../../engine/constants.ts';
import { PREFERENCES } from '../../engine/api/admin-requests.ts';



export function preferencesRoutes(router: AppRouter): void {
  router.get('/api/preferences', can('preferences.own'), (ctx: AppContext) => {
    const user = userOf(ctx);
    ctx.body = { ...PREFERENCE_DEFAULTS, ...getPreferences(ctx.deps.db, user.id) };
  });
  router.put('/api/preferences', can('preferences.own'), (ctx: AppContext) => {
    const user = userOf(ctx);
    const body = checkBody<Record<string, unknown>>(PREFERENCES, ctx.request.body);
    const merged = { ...getPreferences(ctx.deps.db, user.id), ...body };
    putPreferences(ctx.deps.db, user.id, merged);
    ctx.body = { ...PREFERENCE_DEFAULTS, ...merged };
  });
  router.get('/api/feature-flags', can('feature_flag.read'), (ctx: AppContext) => {
    ctx.body = { items: listFlags(ctx.deps.db) };
  });
  router.put('/api/feature-flags/:name', can('feature_flag.manage'), (ctx: AppContext) => {
    if (!(FEATURE_FLAGS as readonly string[]).includes(ctx.params.name)) throw notFound('Unknown feature flag');
    const b = checkBody<{ enabled: boolean }>({ type: 'object', additionalProperties: false, required: ['enabled'], properties: { enabled: { type: 'boolean' } } }, ctx.request.body);
    setFlag(ctx.deps.db, ctx.params.name, b.enabled);
    ctx.body = { name: ctx.params.name, enabled: b.enabled };
  });
}
