/** The signed-in user's preferences (spec sect. 3) and the feature flags. */

import { can, userOf } from '../abilities.ts';
import type { AppContext, AppRouter } from '../context.ts';
import { getPreferences, listFlags, putPreferences, setFlag } from '../db/settings.db.ts';
import { FEATURE_FLAGS } from '../services/flags.service.ts';
import { notFound } from '../errors.ts';
import { checkBody } from '../validation.ts';
import { PREFERENCE_DEFAULTS, PRODUCT_CONSTANTS } from '../../engine/constants.ts';


export const PREFERENCES = {
  type: 'object',
  additionalProperties: false,
  properties: {
    sidebar_open: { type: 'boolean' },
    job_filters: { type: 'object' },
    job_sorting: { type: 'object', additionalProperties: false, properties: { sort_by: { type: 'string' }, sort_direction: { type: 'string', enum: ['asc', 'desc'] } } },
    jobs_per_page: { type: 'integer', enum: [...PRODUCT_CONSTANTS.page_sizes] },
    contractor_filter: { type: ['integer', 'null'] },
    programs_filter: { type: 'array', items: { type: 'string' } },
    action_owners_filter: { type: 'array', items: { type: 'string' } },
    ops_owners_filter: { type: 'array', items: { type: 'integer' } },
    contractors_per_page: { type: 'integer', enum: [...PRODUCT_CONSTANTS.page_sizes] },
    contractor_filters: { type: 'object' },
    bucket_order: { type: 'array', items: { type: 'string', enum: ['Apply', 'Review', 'Install', 'Enroll', 'Pay'] }, maxItems: 5 },
    sla_days_in_stage: { type: 'integer', minimum: 1, maximum: 365 },
  },
};

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
