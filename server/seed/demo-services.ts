/**
 * The outside parties of the demo's past: a simulated utility and a simulated accounts-payment system of the seed's
 * own, whose clock is the seed's (each step happens on its day of the job's timeline), so a homeowner connects their
 * utility account and a payable is paid months ago as the timeline says. They live while the seed runs: the portal's
 * configured services (the demo's simulators, or real ones) are never asked about the demo's past, and the seed never
 * connects a real account nor creates a real payable. What they answered is stored as any answer is; nothing is left
 * queued for them (a job's work is run to its end, job by job). The mail of the demo's past (signing and usage
 * invites) stays in the outbox: it is never delivered, SMTP_URL or not, and its addresses are the demo's (.test and
 * example.com, domains reserved for this).
 */

import { startApSimulator } from '../../sim/ap/server.ts';
import { startUtilitySimulator } from '../../sim/utility/server.ts';
import { outboxMail } from '../adapters/index.ts';
import { httpPayments } from '../adapters/payments.ts';
import { httpUtilityData } from '../adapters/utility-data.ts';
import type { Deps } from '../context.ts';
import { createWorker, type WorkHandler } from '../worker.ts';

/** The seed's outside parties and the clock they read. */
export interface DemoServices {
  /** The deps of a step on its day: the seed's utility and payment services, the clock set to `at`. */
  at(deps: Deps, at: number): Deps;
  close(): Promise<void>;
}

/** Starts the seed's simulated utility and accounts-payment system (on loopback, any free port). */
export async function startDemoServices(): Promise<DemoServices> {
  let clock = 0;
  const now = () => new Date(clock);
  // The utility validates a sign-in at once and the payable is approved and paid at once: the seed moves the clock.
  const utility = await startUtilitySimulator({ host: '127.0.0.1', now, validation_ms: 0 });
  const ap = await startApSimulator({ host: '127.0.0.1', now, approve_after_ms: 0, pay_after_ms: 0 });
  // Both on loopback in this process: only a starved CPU delays them. The adapters' 10 s bound tripped on a machine
  // busy with other seeds and browsers, and the demo then took another path (a utility account left unconnected): two
  // seeds at one clock differed. The seed waits as long as it takes; a real outage is not what it models.
  const patient = { timeout_ms: 600_000 };
  const usage = httpUtilityData(utility.url, patient);
  const payments = httpPayments(ap.url, patient);
  return {
    at(deps, at) {
      clock = at;
      // The demo's past mail stays in the outbox (ops read it there): never delivered, even with SMTP_URL set.
      const mail = outboxMail(deps.db, now);
      return { ...deps, now, adapters: { ...deps.adapters, mail, usage, payments } };
    },
    async close() {
      await Promise.all([utility.close(), ap.close()]);
    },
  };
}

/** Runs the due work of these kinds keyed under these prefixes (one job's), on the step's clock, until none is due. */
export async function runWork(d: Deps, handlers: Record<string, WorkHandler>, keys: string[]): Promise<number> {
  return createWorker(d.db, { handlers, keys, now: d.now, owner: 'demo-seed' }).drain();
}
