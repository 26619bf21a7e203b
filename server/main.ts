/** Starts the portal: migrates and (on first start) seeds the database (embedded SQLite, or PostgreSQL by DATABASE_URL), then listens. */

import { loadConfig } from './config.ts';
import { buildDeps } from './deps.ts';
import { createApp } from './app.ts';
import { seedIfEmpty } from './seed/demo.ts';

const config = loadConfig();
const deps = await buildDeps(config);
const seeded = config.seed_demo ? await seedIfEmpty(deps) : false;
const { app } = await createApp(deps);
const server = app.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`Rebate portal on http://${config.host}:${port} (${config.app_env}${seeded ? ', demo data seeded' : ''})`);
});
const stop = () => server.close(() => {
  void deps.store.close().finally(() => process.exit(0));
});
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
