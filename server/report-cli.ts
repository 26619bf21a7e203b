/**
 * `rebate report <program> --month YYYY-MM [--out file]` (the CLI runs this file in a process of its own: cli/ never
 * imports server/): the program's bulk file of a month for DOE's tracking tool (every reservation and redemption of
 * that month that passes the contract), from DATABASE_URL's database as `npm start` would open it, written to the
 * file or printed. Exit code 0 written, 1 nothing ready that month or the file fails the bulk contract, 2 usage.
 */

import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { buildDeps } from './deps.ts';
import { ApiError } from './errors.ts';
import { monthlyFile } from './workflows/reporting/reporting.service.ts';

const USAGE = 'usage: rebate report <program> --month YYYY-MM [--out file]';

export async function reportCommand(
  args: string[],
  env: NodeJS.ProcessEnv,
  out: (s: string) => void,
  err: (s: string) => void,
): Promise<number> {
  let values: { month?: string; out?: string };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { month: { type: 'string' }, out: { type: 'string' } },
    }));
  } catch (e) {
    err(`rebate report: ${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  if (positionals.length !== 1 || !values.month) {
    err(USAGE);
    return 2;
  }
  const deps = await buildDeps(loadConfig(env), { log: () => {} });
  try {
    const { file, errors } = await monthlyFile(deps, positionals[0], values.month);
    const text = `${JSON.stringify(file, null, 2)}\n`;
    if (values.out) writeFileSync(values.out, text);
    else out(text.trimEnd());
    for (const e of errors) err(`rebate report: ${e}`);
    if (values.out)
      err(`${file.records.length} record(s) of ${positionals[0]} for ${values.month} written to ${values.out}`);
    return errors.length ? 1 : 0;
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    err(`rebate report: ${e.detail}`);
    return e.status === 422 ? 2 : 1;
  } finally {
    await deps.store.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  process.exitCode = await reportCommand(
    process.argv.slice(2),
    process.env,
    (s) => console.log(s),
    (s) => console.error(s),
  );
}
