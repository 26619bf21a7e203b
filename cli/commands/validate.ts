/** `rebate validate [paths...] [--cases] [--format stylish|json|github|sarif|junit]` */

import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { kindOf } from '../../engine/index.ts';
import { validateDefinitions } from '../../engine/load/validate-definitions.ts';
import { docSummaries, github, jsonResult, junit, sarif, stylish, type Format } from '../format.ts';
import { readDefinitionFiles, UnreadablePathError } from '../read-files.ts';
import { CACHE_DIR } from '../cache-file.ts';
import { sourceCache } from '../source-cache.ts';
import { validatorCache } from '../validator-cache.ts';
import { loaderError } from '../../engine/load/guard.ts';

/**
 * Whether the paths name every program (none named, or a folder holding program-defs or its _shared): only
 * then is a form no program of the files names unused (one program on its own uses only its own forms).
 */
function everyProgram(paths: string[], cwd: string): boolean {
  return (
    paths.length === 0 ||
    paths.some((p) => existsSync(join(resolve(cwd, p), '_shared')) || existsSync(join(resolve(cwd, p), 'program-defs')))
  );
}

/** What `validate` is asked for, and where it writes. */
export interface ValidateOptions {
  cases: boolean;
  format: Format;
  cwd: string;
  print: (s: string) => void;
  /** The folder of the caches of earlier runs, or false for none; default: node_modules/.cache/rebate of the package
   * (none when REBATE_NO_CACHE is set). */
  cache?: string | false;
}

/**
 * Validates the definitions; returns the exit code (0 clean, 1 errors; warnings such as unused forms do not fail; 2
 * when the linter itself failed, reported as a diagnostic, never as a stack trace).
 */
export function validate(paths: string[], opts: ValidateOptions): number {
  try {
    return validateFiles(paths, opts);
  } catch (e) {
    // A path that cannot be read is the caller's mistake: main says so on stderr and exits 2.
    if (e instanceof UnreadablePathError) throw e;
    const d = loaderError(paths[0] ?? '.', 'the definitions', e);
    opts.print(
      opts.format === 'json' ? JSON.stringify({ errors: 1, warnings: 0, results: [jsonResult(d)] }) : stylish(d),
    );
    return 2;
  }
}

function validateFiles(paths: string[], opts: ValidateOptions): number {
  const files = readDefinitionFiles(paths, opts.cwd);
  // Validators and parsed files of earlier runs (cli/validator-cache.ts, cli/source-cache.ts): the same results,
  // sooner.
  const cacheDir =
    opts.cache === false || (opts.cache === undefined && process.env.REBATE_NO_CACHE)
      ? undefined
      : (opts.cache ?? CACHE_DIR);
  const validators = cacheDir === undefined ? undefined : validatorCache(cacheDir);
  const sources = cacheDir === undefined ? undefined : sourceCache(cacheDir);
  const { defs, diagnostics, cases } = validateDefinitions(
    files,
    {
      unused_forms: everyProgram(paths, opts.cwd),
      form_schemas: validators?.form_schemas,
      meta_validators: validators?.meta_validators(),
      parse: sources?.parse,
    },
    opts.cases,
  );
  const caseSummary = cases.map(({ program, passed, failed }) => ({ program, passed, failed }));
  validators?.save();
  sources?.save();
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  const programs = Object.values(defs.programs)
    .map((p) => p.id)
    .sort();
  if (opts.format === 'sarif') {
    opts.print(sarif(diagnostics, sarifOptions()));
  } else if (opts.format === 'junit') {
    opts.print(
      junit(
        diagnostics,
        files.filter((f) => kindOf(f.path)).map((f) => f.path),
      ),
    );
  } else if (opts.format === 'json') {
    opts.print(
      JSON.stringify(
        {
          programs,
          forms: Object.keys(defs.forms).sort(),
          cases: caseSummary,
          errors,
          warnings,
          results: diagnostics.map(jsonResult),
        },
        null,
        2,
      ),
    );
  } else {
    for (const d of diagnostics) opts.print(opts.format === 'github' ? github(d) : stylish(d));
    if (opts.format === 'stylish') {
      opts.print(`${programs.length} programs: ${programs.join(', ')}`);
      opts.print(`${Object.keys(defs.forms).length} task forms`);
      for (const c of caseSummary)
        opts.print(`cases ${c.program}: ${c.passed} passed${c.failed ? `, ${c.failed} failed` : ''}`);
      opts.print(`${errors} error(s), ${warnings} warning(s)`);
    }
  }
  return errors > 0 ? 1 : 0;
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The tool's version, its diagnostics page (on GitHub when run in GitHub Actions, where code scanning
 * shows the link; else the file) and the page's short description of each code.
 */
function sarifOptions() {
  const docs = join(ROOT, 'docs/diagnostics.md');
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repo, GITHUB_SHA: sha } = process.env;
  const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  return {
    version,
    help_uri:
      server && repo
        ? `${server}/${repo}/blob/${sha || 'HEAD'}/docs/diagnostics.md`
        : new URL('../../docs/diagnostics.md', import.meta.url).href,
    summaries: existsSync(docs) ? docSummaries(readFileSync(docs, 'utf8')) : new Map<string, string>(),
  };
}
