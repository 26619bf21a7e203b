/**
 * Runs the simulated utility-data provider on its own: `node --import tsx sim/utility/main.ts`, on
 * UTILITY_SIM_PORT (default 3001) and HOST (default 127.0.0.1). Point the portal's UTILITY_DATA_URL at
 * the URL it prints. Stops cleanly on SIGINT and SIGTERM.
 */

import { startUtilitySimulator } from './server.ts';

const port = Number(process.env.UTILITY_SIM_PORT ?? 3001);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`UTILITY_SIM_PORT must be a port number, not ${process.env.UTILITY_SIM_PORT}`);
  process.exit(1);
}
const simulator = await startUtilitySimulator({ port, host: process.env.HOST ?? '127.0.0.1' });
console.log(`Simulated utility-data provider on ${simulator.url}`);
const stop = () => void simulator.close().finally(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
