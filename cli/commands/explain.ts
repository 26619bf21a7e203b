/** `rebate explain <program> <job.json|yaml> [--today YYYY-MM-DD] [--format stylish|json]` */

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';
import {
  ELIGIBILITY_STATUS_LABELS,
  evaluateJobWithFacts,
  formatCents,
  loadDefinitions,
  type JobInput,
} from '../../engine/index.ts';
import { whatWouldPass, type Suggestion } from '../../engine/what-would-pass.ts';
import { readDefinitionFiles, UnreadablePathError } from '../read-files.ts';

/** A suggested change in the words of `rebate explain`: "provide_income.household_income at most 8450000". */
function changesText(s: Suggestion): string {
  const bound = { at_most: 'at most', at_least: 'at least', exactly: '=' } as const;
  return s.map((c) => `${c.fact} ${bound[c.bound]} ${JSON.stringify(c.value)}`).join(' and ');
}

/** A usage error (exit 2). */
export class UsageError extends Error {}

/** Prints what the engine says about a job; returns the exit code. */
export function explain(
  programId: string,
  jobPath: string,
  opts: { today: string; json: boolean; cwd: string; print: (s: string) => void },
): number {
  const defs = loadDefinitions(readDefinitionFiles([], opts.cwd));
  const program = defs.programs[programId];
  if (!program)
    throw new UsageError(`unknown program '${programId}' (programs: ${Object.keys(defs.programs).sort().join(', ')})`);
  let job: JobInput;
  try {
    job = parse(readFileSync(resolve(opts.cwd, jobPath), 'utf8')) as JobInput;
  } catch (e) {
    throw new UnreadablePathError(`cannot read job '${jobPath}': ${(e as Error).message}`);
  }
  if (!job || typeof job !== 'object') throw new UsageError(`job '${jobPath}' is not an object`);
  const { evaluation: ev, facts } = evaluateJobWithFacts(program, job, { today: opts.today, explain: true });
  if (opts.json) {
    opts.print(JSON.stringify(ev, null, 2));
    return 0;
  }
  const p = opts.print;
  p(`${program.name} (${program.id}, definition ${program.hash})`);
  p(
    `stage: ${ev.stage.number} ${ev.stage.label} [${ev.stage.tab}]${ev.stage.contractor_action ? `, contractor: ${ev.stage.contractor_action}` : ''}`,
  );
  p(`  ${ev.stage.explanation}`);
  p(
    `  progress: ${ev.stage.progress.map((s) => (s.state === 'current' ? `[${s.progress_label}]` : s.progress_label)).join(' > ')}`,
  );
  p(`eligibility: ${ELIGIBILITY_STATUS_LABELS[ev.eligibility.status]}`);
  for (const r of ev.eligibility.reasons) {
    p(`  - ${r.code} (${r.text}): ${r.because?.text}`);
    const rule = program.eligibility.find((x) => x.id === r.rule);
    const lift = rule ? whatWouldPass(rule.logic, facts, false) : null;
    p(lift?.length ? `    would pass with ${changesText(lift)}` : '    no single change of an answer lifts it');
  }
  for (const r of ev.eligibility.pending) p(`  - pending ${r.rule} (${r.text}): needs ${r.missing?.join(', ')}`);
  for (const r of ev.eligibility.undetermined) p(`  - unable to determine ${r.rule}: ${r.error}`);
  p('tasks:');
  for (const t of ev.tasks) {
    const flags = [t.exceptions.contractor && 'contractor exception', t.exceptions.ops && 'ops exception']
      .filter(Boolean)
      .join(', ');
    p(
      `  ${t.status.padEnd(11)} ${t.id} (stage ${t.stage}, ${t.owner})${t.blocked_by.length ? ` blocked by ${t.blocked_by.join(', ')}` : ''}${flags ? ` [${flags}]` : ''}`,
    );
  }
  if (ev.skipped_tasks.length) p(`  not applicable: ${ev.skipped_tasks.join(', ')}`);
  const inc = ev.incentive;
  const total =
    inc.phase === 'range'
      ? `${formatCents(inc.range.min_cents)} - ${formatCents(inc.range.max_cents)} (initial range)`
      : `${formatCents(inc.final_cents ?? 0)} (final)`;
  p(`incentive: ${total}${inc.phase === 'payment_sent' ? `, payment sent ${inc.payment?.sent_date ?? ''}` : ''}`);
  if (inc.error) p(`  ${inc.error}`);
  for (const l of inc.lines) {
    const amount =
      inc.phase === 'range' && l.min_cents !== l.max_cents
        ? `${formatCents(l.min_cents)} - ${formatCents(l.max_cents)}`
        : formatCents(l.amount_cents);
    const split =
      l.material_cents !== undefined
        ? ` (material ${formatCents(l.material_cents)}, labor ${formatCents(l.labor_cents ?? 0)})`
        : '';
    p(`  ${l.label}: ${amount}${split}${l.not_qualified ? ` - ${l.not_qualified}` : ''}`);
    if (l.explanation) p(`    ${l.explanation}`);
  }
  return 0;
}
