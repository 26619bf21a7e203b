#!/usr/bin/env node
// The `rebate` command: registers tsx so the TypeScript CLI runs without a build step.
import { register } from 'tsx/esm/api';

register();
// A closed pipe (`rebate explain ... | head`) is not an error.
process.stdout.on('error', (e) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});
const { main } = await import('../main.ts');
process.exitCode = await main(process.argv.slice(2));
