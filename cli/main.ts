/** The `rebate` CLI: reads files, calls the engine, formats, sets the exit code. */

import { parseArgs } from 'node:util';
import { listAssumptions } from './commands/assumptions.ts';
import { explain, UsageError } from './commands/explain.ts';
import { validate } from './commands/validate.ts';
import { FORMATS, type Format } from './format.ts';
import { UnreadablePathError } from './read-files.ts';

const USAGE = `usage:
  rebate validate [paths...] [--cases] [--format stylish|json|github]
  rebate explain <program> <job.json> [--today YYYY-MM-DD] [--format stylish|json]
  rebate assumptions            list every '# assumption:' of the definitions (for the README)

exit codes: 0 clean, 1 errors or failing cases, 2 usage error or unreadable file`;

/** Runs the CLI; returns the exit code. */
export async function main(argv: string[], io = { out: (s: string) => console.log(s), err: (s: string) => console.error(s), cwd: process.cwd() }): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        cases: { type: 'boolean', default: false },
        format: { type: 'string', default: 'stylish' },
        today: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    const [command, ...rest] = positionals;
    if (values.help) {
      io.out(USAGE);
      return 0;
    }
    if (!FORMATS.includes(values.format as Format)) throw new UsageError(`unknown format '${values.format}' (formats: ${FORMATS.join(', ')})`);
    if (command === 'validate') {
      return validate(rest, { cases: values.cases!, format: values.format as Format, cwd: io.cwd, print: io.out });
    }
    if (command === 'explain') {
      if (rest.length !== 2) throw new UsageError('explain needs a program id and a job file');
      const today = values.today ?? new Date().toISOString().slice(0, 10);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new UsageError(`--today must be YYYY-MM-DD, got '${today}'`);
      return explain(rest[0], rest[1], { today, json: values.format === 'json', cwd: io.cwd, print: io.out });
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
