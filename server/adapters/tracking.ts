/**
 * Federal reporting: the portal's view of DOE's tracking tool (issue 44). A record is sent under an idempotency key
 * (the same key answers the same record, never a second one); the tool accepts it with its id or refuses it with its
 * reasons. The adapter talks HTTP to REPORTING_URL: the simulated tool of sim/tracking in the demo and the tests.
 *
 * CONTRACT: send answers {outcome: 'accepted', id} (2xx) or {outcome: 'refused', errors} (404, 409, 422: the tool's
 * reasons, each a path and a message); anything else (network, time-out, 5xx, a malformed answer) throws
 * TrackingUnavailable, worth retrying.
 */

export type TrackingKind = 'reservation' | 'redemption';
export type TrackingAnswer =
  | { outcome: 'accepted'; id: string }
  | { outcome: 'refused'; status: number; errors: { path: string; message: string }[] };

export interface TrackingAdapter {
  send(kind: TrackingKind, record: Record<string, unknown>, idempotency_key: string): Promise<TrackingAnswer>;
}

export class TrackingUnavailable extends Error {}

const PATHS: Record<TrackingKind, string> = { reservation: '/api/reservations', redemption: '/api/redemptions' };
const REFUSALS = new Set([400, 404, 409, 422]);

/** The reasons of a refusal as the tool gives them (a body of another shape: one reason saying so). */
function reasons(body: unknown, status: number): { path: string; message: string }[] {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (Array.isArray(errors))
    return errors
      .filter((e): e is { path: unknown; message: unknown } => !!e && typeof e === 'object')
      .map((e) => ({ path: String(e.path ?? ''), message: String(e.message ?? '').slice(0, 500) }))
      .slice(0, 50);
  const error = (body as { error?: unknown } | null)?.error;
  return [{ path: '', message: typeof error === 'string' ? error.slice(0, 500) : `refused (${status})` }];
}

export function httpTracking(baseUrl: string, o: { timeout_ms?: number } = {}): TrackingAdapter {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    async send(kind, record, idempotency_key) {
      let res: Response;
      let body: unknown;
      try {
        res = await fetch(base + PATHS[kind], {
          method: 'POST',
          signal: AbortSignal.timeout(o.timeout_ms ?? 10_000),
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ ...record, idempotency_key }),
        });
        const text = await res.text();
        body = text ? JSON.parse(text) : null;
      } catch (e) {
        throw new TrackingUnavailable(`tracking tool: ${e instanceof Error ? e.message : String(e)}`);
      }
      if (res.ok) {
        const id = (body as Record<string, unknown> | null)?.[`${kind}_id`];
        if (typeof id !== 'string' || !id) throw new TrackingUnavailable(`tracking tool: no ${kind}_id in its answer`);
        return { outcome: 'accepted', id };
      }
      if (REFUSALS.has(res.status))
        return { outcome: 'refused', status: res.status, errors: reasons(body, res.status) };
      throw new TrackingUnavailable(`tracking tool answered ${res.status}`);
    },
  };
}
