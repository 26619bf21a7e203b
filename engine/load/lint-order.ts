/**
 * The order a rule can be known in, and the shape a dedent leaves in a rule (issue 45).
 *
 * - A rule is needed at a stage: a task's `applies_if` when its stage is worked, a rule of a task (`rules:`) when that
 *   task is submitted, a document's rules when its task collects the signatures, a measure's rules when the incentives
 *   become final (the stage of the tasks `final_when` waits for, else of the payment task). A job opens one stage at a
 *   time, so an answer of a task of a later stage is never there when the rule is needed: the rule reads nothing.
 *   Reported at the `var` (`reads-later-stage`). A `var` with a default (`{ var: [later.x, { var: earlier.x }] }`)
 *   reads the earlier answer until the later one exists, and is fine.
 * - An item dedented out of an `and:`/`or:` list parses without a YAML error: it becomes the next item of the outer
 *   list (the inner operation is left with one argument) or a second key beside the operation. Both are reported at
 *   the dedented item (`logic-dedented`).
 */

import { isOperation, factsReadAt, mapVarPaths, type Logic } from '../logic/walk.ts';

type Path = (string | number)[];
type Raw = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A finding, at a path of the program document (or inside a rule, for `logicShape`). */
export interface OrderFinding {
  code: 'reads-later-stage' | 'logic-dedented';
  message: string;
  path: Path;
  key?: boolean;
}

const isNode = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
/** Operations whose arguments are a list of conditions, where a dedented item lands. */
const LIST_OPERATIONS = new Set(['and', 'or']);

/**
 * Shapes of a rule that only a dedent makes: an object with two operation keys (the second one was an item of the
 * first one's list), and an `and`/`or` of one argument followed by a sibling in the list holding it (the sibling was
 * its second argument). Paths are inside the rule.
 */
export function logicShape(logic: Logic): OrderFinding[] {
  const out: OrderFinding[] = [];
  const visit = (node: unknown, at: Path) => {
    if (Array.isArray(node)) {
      node.forEach((child, i) => {
        visit(child, [...at, i]);
        const op = isOperation(child) ? Object.keys(child)[0] : undefined;
        const args = op ? (child as Record<string, unknown>)[op] : undefined;
        if (op && LIST_OPERATIONS.has(op) && Array.isArray(args) && args.length === 1 && i + 1 < node.length)
          out.push({
            code: 'logic-dedented',
            message: `this item follows an '${op}' that has only one condition: it was most likely meant as that '${op}'s second condition and is indented one level too little, so it is a condition of the list around the '${op}' instead. Indent it under '${op}:' (or, if it is meant here, write the '${op}' without a list of one)`,
            path: [...at, i + 1],
          });
      });
      return;
    }
    if (!isNode(node)) return;
    const keys = Object.keys(node);
    if (keys.length > 1 && keys.some((k) => LIST_OPERATIONS.has(k))) {
      const first = keys.find((k) => LIST_OPERATIONS.has(k))!;
      for (const k of keys.filter((key) => key !== first))
        out.push({
          code: 'logic-dedented',
          message: `'${k}' is written beside '${first}:' in the same condition, and a condition has one operation: it was most likely an item of '${first}:' indented one level too little. Indent it under '${first}:' as a list item ('- ${k}: ...')`,
          path: [...at, k],
          key: true,
        });
      for (const k of keys) visit(node[k], [...at, k]);
      return;
    }
    for (const k of keys) visit(node[k], [...at, k]);
  };
  visit(logic, []);
  return out;
}

/** The node at a path inside a rule. */
function at(logic: Logic, path: Path): unknown {
  let cur: unknown = logic;
  for (const p of path) cur = (cur as Record<string | number, unknown> | undefined)?.[p];
  return cur;
}

/** The stage a task is in, for the tasks the program has (a missing or repeated id is reported elsewhere). */
function stagesOf(raw: Raw): Map<string, number> {
  const out = new Map<string, number>();
  for (const t of (Array.isArray(raw.tasks) ? raw.tasks : []) as Raw[])
    if (isNode(t) && typeof t.id === 'string' && typeof t.stage === 'number' && !out.has(t.id)) out.set(t.id, t.stage);
  return out;
}

/** The task whose answer (or status) a fact names. */
function taskRead(fact: string, stages: Map<string, number>): string | undefined {
  const [root, name] = fact.split('.');
  if (root === 'task_status') return stages.has(name) ? name : undefined;
  return stages.has(root) && name ? root : undefined;
}

/** The stage whose tasks a rule waits for: the latest stage of the tasks it reads (undefined: none). */
function latestRead(logic: Logic, stages: Map<string, number>): number | undefined {
  const read = factsReadAt(logic)
    .map((f) => taskRead(f.fact, stages))
    .filter((t): t is string => t !== undefined)
    .map((t) => stages.get(t)!);
  return read.length ? Math.max(...read) : undefined;
}

/** A read of an answer (or status) of a task of a later stage than `stage`. */
interface LaterRead {
  fact: string;
  task: string;
  stage: number;
  path: Path;
}

/**
 * The reads of a rule needed at `stage` that name a task of a later stage. A `missing`/`missing_some` list asks
 * whether the answer is there, and a `var` with a default reads the default until the later answer exists: both fine.
 */
function laterReads(logic: unknown, stage: number, stages: Map<string, number>): LaterRead[] {
  const out: LaterRead[] = [];
  for (const f of factsReadAt(logic)) {
    if (f.path.includes('missing') || f.path.includes('missing_some')) continue;
    const task = taskRead(f.fact, stages);
    if (!task || stages.get(task)! <= stage) continue;
    // `{ var: [later.x, default] }`: the default stands in until the later answer exists.
    const last = f.path[f.path.length - 1];
    if (last === 0 && (at(logic, f.path.slice(0, -1)) as unknown[]).length > 1) continue;
    out.push({ fact: f.fact, task, stage: stages.get(task)!, path: f.path });
  }
  return out;
}

/**
 * The rules of a program that read an answer of a task of a later stage than the one they are needed at. Only rules
 * written in the program: the shared rules it uses are checked by `checkSharedOrder`, at the line that uses them.
 */
export function checkAnswerOrder(raw: Raw): OrderFinding[] {
  const stages = stagesOf(raw);
  const out: OrderFinding[] = [];
  const check = (logic: unknown, path: Path, stage: number | undefined, what: string, when: string) => {
    if (logic === undefined || stage === undefined) return;
    for (const f of laterReads(logic, stage, stages)) {
      const reads = f.fact.startsWith('task_status.') ? `the status of task '${f.task}'` : `'${f.fact}'`;
      out.push({
        code: 'reads-later-stage',
        message: `${what} reads ${reads}, an answer of stage ${f.stage}, but it is needed ${when} (stage ${stage}): a job opens stage ${f.stage} only after stage ${stage} is done, so the answer is never there when the rule is read. Read an answer of stage ${stage} or earlier, or move one of the tasks`,
        path: [...path, ...f.path],
      });
    }
  };

  ((Array.isArray(raw.tasks) ? raw.tasks : []) as Raw[]).forEach((t, i) => {
    if (isNode(t) && typeof t.stage === 'number')
      check(t.applies_if, ['tasks', i, 'applies_if'], t.stage, `task '${t.id}' applies_if`, 'when its stage is worked');
  });
  ((Array.isArray(raw.rules) ? raw.rules : []) as Raw[]).forEach((r, i) => {
    if (!isNode(r) || r.use !== undefined || typeof r.task !== 'string') return;
    const when = `when task '${r.task}' is submitted`;
    for (const k of ['applies_if', 'valid_if'])
      check(r[k], ['rules', i, k], stages.get(r.task), `rule '${r.id}' ${k}`, when);
  });
  ((Array.isArray(raw.documents) ? raw.documents : []) as Raw[]).forEach((d, i) => {
    if (!isNode(d) || typeof d.task !== 'string') return;
    const stage = stages.get(d.task);
    const when = `when task '${d.task}' collects its signatures`;
    check(d.applies_if, ['documents', i, 'applies_if'], stage, `document '${d.id}' applies_if`, when);
    ((Array.isArray(d.signers) ? d.signers : []) as Raw[]).forEach((s, j) => {
      if (!isNode(s)) return;
      for (const k of ['applies_if', 'name', 'email'])
        check(s[k], ['documents', i, 'signers', j, k], stage, `document '${d.id}' signer '${s.role}' ${k}`, when);
    });
  });
  const incentives = isNode(raw.incentives) ? raw.incentives : undefined;
  if (incentives && isNode(incentives.measures)) {
    const payment = isNode(incentives.payment) ? stages.get(incentives.payment.task as string) : undefined;
    const final = incentives.final_when === undefined ? undefined : latestRead(incentives.final_when, stages);
    const stage = final ?? payment;
    const when = final !== undefined ? 'when the incentives become final (final_when)' : 'when the rebate is paid';
    for (const [id, m] of Object.entries(incentives.measures))
      if (isNode(m))
        for (const k of ['applies_if', 'qualifies_if'])
          check(m[k], ['incentives', 'measures', id, k], stage, `measure '${id}' ${k}`, when);
  }
  return out;
}

/** What of the shared files a program uses that holds rules over its tasks. */
export interface SharedOrderDefs {
  rules: Record<string, { applies_if?: Logic; valid_if: Logic; file: { file: string } }>;
  document_templates: Record<string, { fields?: Record<string, { value: Logic }>; file: { file: string } }>;
}

/**
 * The shared rules a program uses whose reads, bound to the program, name a task of a later stage than the one they
 * are needed at: a `rules:` entry's `use:` (read when its task is submitted; `$task.` is that task, a fixed task id is
 * the program's task of that id) and a document's `template:` (its fields are read when the document's task collects
 * the signatures). The shared rule may be right for another program, whose tasks are in other stages: reported at the
 * program's `use:` (or `template:`), naming the shared rule and the later task. Shared eligibility rules are not
 * needed at a stage (a rule whose answers are missing is pending until they are there), like the program's own.
 */
export function checkSharedOrder(raw: Raw, shared: SharedOrderDefs): OrderFinding[] {
  const stages = stagesOf(raw);
  const out: OrderFinding[] = [];
  const report = (reads: LaterRead[], path: Path, what: string, where: string, stage: number, when: string) => {
    const seen = new Set<string>();
    const template = what.startsWith('template');
    for (const f of reads) {
      if (seen.has(f.fact)) continue;
      seen.add(f.fact);
      const read = f.fact.startsWith('task_status.') ? `the status of task '${f.task}'` : `'${f.fact}'`;
      out.push({
        code: 'reads-later-stage',
        message: `${what} (${where}) reads ${read}, and task '${f.task}' is in stage ${f.stage} of this program, but ${template ? 'the template is filled in' : 'the rule is needed'} ${when} (stage ${stage}): a job opens stage ${f.stage} only after stage ${stage} is done, so the answer is never there ${template ? 'when the document is made' : 'when the rule is read'}. ${template ? `Collect the signatures in a task of stage ${f.stage} or later, or use a template reading answers of stage ${stage} or earlier` : `Put it on a task of stage ${f.stage} or later, or write the rule in this program reading an answer of stage ${stage} or earlier`}`,
        path,
      });
    }
  };

  ((Array.isArray(raw.rules) ? raw.rules : []) as Raw[]).forEach((r, i) => {
    if (!isNode(r) || typeof r.use !== 'string' || typeof r.task !== 'string') return;
    const s = Object.hasOwn(shared.rules, r.use) ? shared.rules[r.use] : undefined;
    const stage = stages.get(r.task);
    if (!s || stage === undefined) return;
    const bind = (p: string) => (p.startsWith('$task.') ? r.task + p.slice(5) : p);
    const reads = [s.applies_if, s.valid_if]
      .filter((l) => l !== undefined)
      .flatMap((l) => laterReads(mapVarPaths(l, bind), stage, stages));
    const when = `when task '${r.task}' is submitted`;
    report(reads, ['rules', i, 'use'], `shared rule '${r.use}'`, s.file.file, stage, when);
  });
  ((Array.isArray(raw.documents) ? raw.documents : []) as Raw[]).forEach((d, i) => {
    if (!isNode(d) || typeof d.template !== 'string' || typeof d.task !== 'string') return;
    const t = Object.hasOwn(shared.document_templates, d.template) ? shared.document_templates[d.template] : undefined;
    const stage = stages.get(d.task);
    if (!t || stage === undefined) return;
    const reads = Object.values(isNode(t.fields) ? t.fields : {}).flatMap((f) =>
      isNode(f) && f.value !== undefined ? laterReads(f.value, stage, stages) : [],
    );
    const when = `when task '${d.task}' collects the signatures of document '${d.id}'`;
    report(reads, ['documents', i, 'template'], `template '${d.template}'`, t.file.file, stage, when);
  });
  return out;
}
