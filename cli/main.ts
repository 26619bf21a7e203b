/** The `rebate` CLI: reads files, calls the engine, formats, sets the exit code. */

import { parseArgs } from 'node:util';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { listAssumptions } from './commands/assumptions.ts';
import { explain, UsageError } from './commands/explain.ts';
import { validate } from './commands/validate.ts';
import { updateCases } from './commands/cases.ts';
import { FORMATS, type Format } from './format.ts';
import { UnreadablePathError } from './read-files.ts';

const USAGE = `usage:
  rebate validate [paths...] [--cases] [--format stylish|json|github|sarif|junit]
  rebate cases --update [paths...]   rewrite the expectations of failing cases from what the engine now says (review the diff)
  rebate explain <program> <job.json> [--today YYYY-MM-DD] [--format stylish|json]
  rebate assumptions            list every '# assumption:' of the definitions (for the README)
  rebate db migrate             apply the database's pending migrations (DATABASE_URL: sqlite:path or postgres://...)
  rebate db seed [--jobs N]     seed the demo data into an empty database (N jobs over the programs; 300 unless said)
  rebate db check-ledger        every budget's balances against its jobs' states (exit 1 on a difference)
  rebate impact <definitions-dir> --database <url> [--program id] [--format text|json] [--today YYYY-MM-DD]
                                every live job under the proposed definitions beside its current outcome: what changes and why
  rebate report <program> --month YYYY-MM [--out file]
                                the program's monthly bulk file for DOE's tracking tool (DATABASE_URL's database)

exit codes: 0 clean, 1 errors or failing cases, 2 usage error or unreadable file`;

/** Where the CLI writes, runs, and (the db commands) which environment names the database. */
export interface Io {
  out: (s: string) => void;
  err: (s: string) => void;
  cwd: string;
  env?: NodeJS.ProcessEnv;
}

/** Runs the CLI; returns the exit code. */
export async function main(
  argv: string[],
  io: Io = { out: (s: string) => console.log(s), err: (s: string) => console.error(s), cwd: process.cwd() },
): Promise<number> {
  try {
    // Its options are its own (the database, a program): the server's script reads them.
    if (argv[0] === 'impact') return runServerScript('impact-cli.ts', argv.slice(1), io);
    if (argv[0] === 'report') return runServerScript('report-cli.ts', argv.slice(1), io);
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        cases: { type: 'boolean', default: false },
        update: { type: 'boolean', default: false },
        format: { type: 'string', default: 'stylish' },
        today: { type: 'string' },
        jobs: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    const [command, ...rest] = positionals;
    if (values.help) {
      io.out(USAGE);
      return 0;
    }
    if (!FORMATS.includes(values.format as Format))
      throw new UsageError(`unknown format '${values.format}' (formats: ${FORMATS.join(', ')})`);
    if (command === 'validate') {
      return validate(rest, { cases: values.cases!, format: values.format as Format, cwd: io.cwd, print: io.out });
    }
    if (command === 'cases') {
      if (!values.update) throw new UsageError('cases needs --update (to run the cases: rebate validate --cases)');
      return updateCases(rest, { cwd: io.cwd, print: io.out });
    }
    if (command === 'explain') {
      if (rest.length !== 2) throw new UsageError('explain needs a program id and a job file');
      const today = values.today ?? new Date().toISOString().slice(0, 10);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new UsageError(`--today must be YYYY-MM-DD, got '${today}'`);
      return explain(rest[0], rest[1], { today, json: values.format === 'json', cwd: io.cwd, print: io.out });
    }
    if (command === 'db') {
      if (rest.length !== 1 || !['migrate', 'seed', 'check-ledger'].includes(rest[0]))
        throw new UsageError('db needs migrate, seed or check-ledger');
      if (values.jobs !== undefined && (rest[0] !== 'seed' || !/^[1-9]\d{0,4}$/.test(values.jobs)))
        throw new UsageError('--jobs is for db seed: a number of jobs from 1 to 99999');
      return runServerScript('db-cli.ts', values.jobs ? [rest[0], '--jobs', values.jobs] : [rest[0]], io);
    }
    if (command === 'assumptions') {
      for (const line of listAssumptions(io.cwd)) io.out(line);
      return 0;
    }
    throw new UsageError(command ? `unknown command '${command}'` : 'no command given');
  } catch (e) {
    if (e instanceof UsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.err(`rebate: ${(e as Error).message}\n${USAGE}`);
      return 2;
    }
    if (e instanceof UnreadablePathError) {
      io.err(`rebate: ${e.message}`);
      return 2;
    }
    throw e;
  }
}

/** The database commands run the server's own code in a process of their own (cli/ never imports server/). */
function runServerScript(name: string, args: string[], io: Io): number {
  const script = fileURLToPath(new URL(`../server/${name}`, import.meta.url));
  // tsx from this package's own node_modules, whatever the working directory.
  const r = spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), script, ...args], {
    cwd: io.cwd,
    env: io.env ?? process.env,
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  if (r.stdout) io.out(r.stdout.trimEnd());
  if (r.stderr) io.err(r.stderr.trimEnd());
  return r.status ?? 1;
}
