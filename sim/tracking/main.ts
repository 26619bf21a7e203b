/**
 * Runs the simulated DOE rebate tracking tool on its own: `node --import tsx sim/tracking/main.ts`, on
 * TRACKING_SIM_PORT (default 3004) and HOST (default 127.0.0.1); it prints its URL. Stops cleanly on SIGINT and
 * SIGTERM.
 */

import { startTrackingSimulator } from './server.ts';

const port = Number(process.env.TRACKING_SIM_PORT ?? 3004);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`TRACKING_SIM_PORT must be a port number, not ${process.env.TRACKING_SIM_PORT}`);
  process.exit(1);
}
const simulator = await startTrackingSimulator({ port, host: process.env.HOST ?? '127.0.0.1' });
console.log(`Simulated DOE rebate tracking tool on ${simulator.url}`);
const stop = () => void simulator.close().finally(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
