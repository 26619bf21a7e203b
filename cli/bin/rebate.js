#!/usr/bin/env node
// The `rebate` command: registers tsx so the TypeScript CLI runs without a build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../main.ts');
process.exitCode = await main(process.argv.slice(2));
