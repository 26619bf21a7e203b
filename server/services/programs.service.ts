/**
 * Programs as loaded from program-defs/ (read-only over the API): list, detail with the spec's
 * eligibility and incentive criteria (name, description, order_index), and the raw definition.
 */

import { formatCents, plainWords, readFact, type PlainWords, type Program } from '../../engine/index.ts';
import type { Deps } from '../context.ts';
import { notFound } from '../errors.ts';

function summary(p: Program) {
  return {
    id: p.id,
    name: p.name,
    description: p.description ?? null,
    active: p.active,
    accept_submissions: p.accept_submissions,
    stage_model: { id: p.stage_model.id, label: p.stage_model.label },
    task_count: p.tasks.length,
    definition_hash: p.hash,
  };
}

export function listPrograms(deps: Deps) {
  const items = Object.values(deps.defs.programs)
    .sort((a, b) => a.name.localeCompare(b.name))
    .map(summary);
  return { items, total: items.length, page_number: 1, per_page: items.length };
}

function programOr404(deps: Deps, id: string): Program {
  const p = deps.defs.programs[id];
  if (!p) throw notFound('Program not found');
  return p;
}

/** The program constants a rule reads, each with its label and value in words ("Eligible building types: Single-family
 * detached, ..."). */
function constantsRead(p: Program, words: PlainWords, reads: string[]) {
  return reads
    .filter((r) => r.startsWith('constants.'))
    .map((r) => ({ label: words.fact(r).field, value: words.value(readFact(p.constants, r.split('.').slice(1))) }));
}

/** A program with its rules in words (task and field titles, option labels: no definition keys). */
export function readProgram(deps: Deps, id: string) {
  const p = programOr404(deps, id);
  const words = plainWords(p, deps.defs.forms);
  return {
    ...summary(p),
    service_area: p.service_area,
    stages: p.stage_model.stages.map((s) => ({
      number: s.number,
      key: s.key,
      label: s.label,
      tab: s.tab,
      progress: s.progress,
    })),
    eligibility_criteria: p.eligibility.map((e, i) => ({
      name: e.reason_text,
      description: e.description ?? `Not eligible when ${words.logic(e.logic)}`,
      order_index: i,
      reason: e.reason,
      values: constantsRead(p, words, e.reads),
    })),
    incentive_criteria: p.incentives.measures.map((m, i) => ({
      name: m.label,
      description: `${m.cap_cents !== undefined ? `Up to $${formatCents(m.cap_cents)}. ` : ''}${m.description ?? `Amount: ${words.logic(m.amount.logic)}`}${m.applies_if ? ` When ${words.logic(m.applies_if.logic)}.` : ''}`,
      order_index: i,
      cap_cents: m.cap_cents ?? null,
    })),
    tasks: p.tasks.map((t) => ({
      id: t.id,
      title: t.title,
      stage: t.stage,
      owner: t.owner,
      after: t.after,
      form: t.form,
      applies_when: t.applies_if ? words.logic(t.applies_if.logic) : null,
    })),
    reporting: p.reporting ? { program: p.reporting.program, state: p.reporting.state, mode: p.reporting.mode } : null,
  };
}

/** The raw loaded definition with its hash and file (ops). */
export function programDefinition(deps: Deps, id: string) {
  const p = programOr404(deps, id);
  return { id: p.id, hash: p.hash, file: p.file, definition: p.raw };
}
