/**
 * Runs the simulated accounts-payable system on its own: `node --import tsx sim/ap/main.ts`, on
 * AP_SIM_PORT (default 3002) and HOST (default 127.0.0.1). Point the portal's AP_URL at the URL it
 * prints. Stops cleanly on SIGINT and SIGTERM.
 */

import { startApSimulator } from './server.ts';

const port = Number(process.env.AP_SIM_PORT ?? 3002);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`AP_SIM_PORT must be a port number, not ${process.env.AP_SIM_PORT}`);
  process.exit(1);
}
const simulator = await startApSimulator({ port, host: process.env.HOST ?? '127.0.0.1' });
console.log(`Simulated accounts-payable system on ${simulator.url}`);
const stop = () => void simulator.close().finally(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
