/**
 * When a signing task's documents are due (spec sect. 4, Generate): called after every evaluation of a job,
 * it compares the documents an open signing task needs now (the program's `documents:` and their
 * `applies_if` over the job's facts, its saved answers included) with the ones it has, and when they differ
 * queues the worker to generate what is missing and withdraw what no longer applies (a set of forms the
 * contractor switched to signing on paper). Nobody asks for it and the request never waits for it; ops
 * regenerate from there. Kept apart from the worker's steps so the evaluation imports no service.
 */

import { documentsFor, type Facts, type JobEvaluation, type Program } from '../../../engine/index.ts';
import type { Deps } from '../../context.ts';
import * as docsDb from './documents.db.ts';
import type * as jobsDb from '../../db/jobs.db.ts';
import { enqueueWork } from '../../db/work.db.ts';
import { partiesOf } from './parties.ts';
import { DOCUMENT_WORK } from './work-kinds.ts';

/** `program`: the one the job was evaluated under (its pinned version or the current one). */
export async function queueOpenSigning(
  deps: Deps,
  program: Program,
  row: jobsDb.JobRow,
  ev: JobEvaluation,
  facts: Facts,
) {
  if (row.is_canceled || !program.documents.length) return;
  for (const t of ev.tasks) {
    if ((t.status !== 'READY' && t.status !== 'IN_PROGRESS') || !program.documents.some((d) => d.task === t.id))
      continue;
    const wanted = documentsFor(program, facts as unknown as Record<string, unknown>, await partiesOf(deps, row), t.id)
      .map((d) => d.id)
      .sort();
    const current = await docsDb.currentDocuments(deps.db, row.id, t.id);
    const have = current.map((d) => d.doc_key).sort();
    if (wanted.join('+') === have.join('+')) continue;
    // Once per state of the task's documents: every generation or withdrawal changes the key.
    const made = await docsDb.documentCount(deps.db, row.id, t.id);
    const key = `documents:auto:${row.id}:${t.id}:${made}:${have.join('+')}>${wanted.join('+')}`;
    await enqueueWork(deps.db, {
      kind: DOCUMENT_WORK.generate,
      key,
      payload: { job_id: row.id, task_id: t.id, generation: 'current', by: null },
      now: deps.now(),
    });
  }
}
