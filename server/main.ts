/** Starts the portal: migrates and (on first start) seeds the database (embedded SQLite, or PostgreSQL by
 * DATABASE_URL), then listens. */

import { loadConfig } from './config.ts';
import { buildDeps } from './deps.ts';
import { createApp } from './app.ts';
import { seedIfEmpty } from './seed/demo.ts';
import { createWorker } from './worker.ts';
import { MAIL_WORK, smtpMailHandler } from './adapters/mail.ts';
import { startUtilitySimulator } from '../sim/utility/server.ts';
import { startApSimulator } from '../sim/ap/server.ts';
import { startTrackingSimulator } from '../sim/tracking/server.ts';
import { endStreams } from './live/hub.ts';
import { workflowHandlers } from './services/task-extensions.ts';
import { queueDailyRefresh, queueDefinitionsRefresh, refreshHandlers } from './services/refresh-work.ts';

const config = loadConfig();
// The demo's utility data service: the simulated utility beside the portal, unless UTILITY_DATA_URL names one.
const simulator =
  !config.utility_data_url && config.app_env !== 'production'
    ? await startUtilitySimulator({ port: Number(process.env.UTILITY_SIM_PORT ?? 0) })
    : undefined;
if (simulator) {
  config.utility_data_url = simulator.url;
  console.log(`Simulated utility on ${simulator.url} (set UTILITY_DATA_URL to use a real utility data service)`);
}
// The demo's accounts-payment system: the simulated AP system beside the portal, unless AP_URL names one.
const ap =
  !config.ap_url && config.app_env !== 'production'
    ? await startApSimulator({ port: Number(process.env.AP_SIM_PORT ?? 0) })
    : undefined;
if (ap) {
  config.ap_url = ap.url;
  console.log(`Simulated accounts payment on ${ap.url} (set AP_URL to use a real accounts-payment system)`);
}
// The demo's federal tracking tool: the simulated tool beside the portal, unless REPORTING_URL names one.
const tracking =
  !config.reporting_url && config.app_env !== 'production'
    ? await startTrackingSimulator({ port: Number(process.env.TRACKING_SIM_PORT ?? 0) })
    : undefined;
if (tracking) {
  config.reporting_url = tracking.url;
  console.log(`Simulated federal tracking tool on ${tracking.url} (set REPORTING_URL to use DOE's)`);
}
const deps = await buildDeps(config);
const seeded = config.seed_demo ? await seedIfEmpty(deps) : false;
const { app } = await createApp(deps);
const server = app.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(
    `Rebate portal on http://${config.host}:${port} (${config.app_env}${seeded ? ', demo data seeded' : ''})`,
  );
});
// The background worker (every instance runs one): documents to generate, invites to mail, signed PDFs
// to stamp, usage to collect, payables to create and watch, and mail over SMTP when SMTP_URL is set.
const worker = createWorker(deps.db, {
  handlers: {
    ...workflowHandlers(deps),
    ...refreshHandlers(deps),
    ...(config.smtp_url ? { [MAIL_WORK]: smtpMailHandler(config.smtp_url, config.mail_from) } : {}),
  },
  log: (line) => console.log(line),
});
// Stored outcomes kept fresh in the background: jobs evaluated under other definitions than the loaded
// ones, and today's run for date-based rules (each day's run queues the next; one per day across instances).
await queueDefinitionsRefresh(deps);
await queueDailyRefresh(deps);
worker.start();
const stop = () => {
  // Open pages' event streams end first: the server closes once its connections have.
  endStreams(deps.store);
  server.close(() => {
    void worker
      .stop()
      .finally(
        () =>
          void Promise.all([deps.store.close(), simulator?.close(), ap?.close(), tracking?.close()]).finally(() =>
            process.exit(0),
          ),
      );
  });
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
