/**
 * `rebate db migrate`, `rebate db seed` and `rebate db check-ledger` (the CLI runs this file in a process of its own:
 * cli/ never imports server/). The database is DATABASE_URL's, as `npm start` would open it. Prints one line (and
 * check-ledger each difference before it); exit code 0 done, 1 failed or a difference, 2 usage.
 */

import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.ts';
import { backendOf, openStore } from './db/database.ts';
import { buildDeps } from './deps.ts';
import { seedIfEmpty } from './seed/demo.ts';
import { checkLedger } from './workflows/budget/check-ledger.ts';

/** Runs a db command; returns the exit code. */
export async function dbCommand(args: string[], env: NodeJS.ProcessEnv, out: (s: string) => void): Promise<number> {
  const config = loadConfig(env);
  const where = backendOf(config.database_url) === 'postgres' ? 'PostgreSQL' : `SQLite ${config.database_url}`;
  if (args[0] === 'migrate') {
    const store = await openStore(config.database_url, { schema: config.database_schema });
    await store.close();
    out(store.migrated.length ? `${where}: applied migrations ${store.migrated.join(', ')}` : `${where}: up to date`);
    return 0;
  }
  if (args[0] === 'seed') {
    const deps = await buildDeps(config, { log: () => {} });
    try {
      // `--jobs N` (checked by the CLI): a smaller demo.
      const jobs = args[1] === '--jobs' ? Number(args[2]) : undefined;
      out(
        (await seedIfEmpty(deps, { jobs }))
          ? `${where}: demo data seeded`
          : `${where}: has data already, nothing seeded`,
      );
    } finally {
      await deps.store.close();
    }
    return 0;
  }
  if (args[0] === 'check-ledger') {
    const deps = await buildDeps(config, { log: () => {} });
    try {
      const differences = await checkLedger(deps);
      for (const d of differences) out(d);
      out(
        `${where}: ${differences.length ? `${differences.length} difference(s) in the budget ledger` : 'the budget ledger agrees with its jobs'}`,
      );
      return differences.length ? 1 : 0;
    } finally {
      await deps.store.close();
    }
  }
  out('usage: rebate db migrate | rebate db seed | rebate db check-ledger');
  return 2;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  process.exitCode = await dbCommand(process.argv.slice(2), process.env, (s) => console.log(s));
}
