/**
 * Placeholders in the texts of program.yaml and program-defs/_shared people read: no engine fills any of them.
 * A task's title and description, an eligibility rule's description and homeowner_message (engine/eligibility,
 * server/services/present.ts), an ineligibility reason, a rule's message (engine/task-rules.ts: shown as written,
 * unlike a form rule's, whose `params` fill `{name}`), a measure's label, description and not_qualified_message
 * (engine/incentives.ts), a cap's, minimum's or household limit's label and an exclusion's message
 * (engine/household.ts), a quality review's label, the words of reporting's `missing:` (engine/reporting.ts) and a
 * stage model's labels are all shown as written. So every placeholder-looking token in them reaches people as typed:
 * `{{name}}` (placeholder-braces), `{Name}` (placeholder-case), `{name}` (unknown-placeholder), each reported at
 * the placeholder itself with the fix: write the words.
 */

import type { Diagnostic } from '../types.ts';
import { fillsNothing, placeholderTokens, tokenPlace } from './lint-templates.ts';
import type { ParsedFile } from './yaml-source.ts';

type Path = (string | number)[];
type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => !!v && typeof v === 'object' && !Array.isArray(v);

/** A text's place: keys, `*` for any key or index; `what` names it in words from the keys `*` matched. */
interface TextPlace {
  at: string[];
  what: (names: string[]) => string;
}
const place = (at: string, what: (names: string[]) => string): TextPlace => ({ at: at.split('.'), what });

/** The texts of program.yaml. */
const PROGRAM_TEXTS: TextPlace[] = [
  place('name', () => "the program's name"),
  place('description', () => "the program's description"),
  place('tables.*.description', ([t]) => `the description of table '${t}'`),
  place('eligibility.*.description', ([r]) => `the description of eligibility rule '${r}'`),
  place('eligibility.*.homeowner_message', ([r]) => `the homeowner_message of eligibility rule '${r}'`),
  place('tasks.*.title', ([t]) => `the title of task '${t}'`),
  place('tasks.*.description', ([t]) => `the description of task '${t}'`),
  place('rules.*.message', ([r]) => `the message of rule '${r}' (a program rule has no params)`),
  place('incentives.measures.*.label', ([m]) => `the label of measure '${m}'`),
  place('incentives.measures.*.description', ([m]) => `the description of measure '${m}'`),
  place('incentives.measures.*.not_qualified_message', ([m]) => `the not_qualified_message of measure '${m}'`),
  place('incentives.total_cap.label', () => "the total_cap's label"),
  place('incentives.percent_cap.label', () => "the percent_cap's label"),
  place('incentives.minimum.label', () => "the minimum's label"),
  place('incentives.household_limits.*.label', ([h]) => `the label of household limit '${h}'`),
  place('incentives.exclusions.*.message', ([x]) => `the message of exclusion '${x}'`),
  place('quality.reviews.*.label', ([r]) => `the label of quality review '${r}'`),
  place('reporting.missing.*', ([f]) => `reporting's missing words for '${f}'`),
];

/** The texts of program-defs/_shared. */
const SHARED_TEXTS: TextPlace[] = [
  place('ineligibility_reasons.*', ([r]) => `ineligibility reason '${r}'`),
  place('eligibility_rules.*.description', ([r]) => `the description of shared eligibility rule '${r}'`),
  place('eligibility_rules.*.homeowner_message', ([r]) => `the homeowner_message of shared eligibility rule '${r}'`),
  place('rules.*.message', ([r]) => `the message of shared rule '${r}' (a shared rule has no params)`),
  place('stage_models.*.label', ([m]) => `the label of stage model '${m}'`),
  place('stage_models.*.stages.*.label', ([m, s]) => `the label of stage ${s} of model '${m}'`),
  place('stage_models.*.stages.*.contractor_action', ([m, s]) => `the contractor_action of stage ${s} of model '${m}'`),
  place('stage_models.*.stages.*.progress.*', ([m, s]) => `the progress words of stage ${s} of model '${m}'`),
];

/** Every string at a place of a document: its path, the names `*` matched (an item's id or number) and its text. */
function textsAt(doc: unknown, at: string[], path: Path = [], names: string[] = []) {
  const out: { path: Path; names: string[]; text: string }[] = [];
  if (at.length === 0) {
    if (typeof doc === 'string') out.push({ path, names, text: doc });
    return out;
  }
  const [head, ...rest] = at;
  if (head !== '*') {
    if (isNode(doc)) out.push(...textsAt(doc[head], rest, [...path, head], names));
    return out;
  }
  if (Array.isArray(doc))
    doc.forEach((v, i) => {
      const id = isNode(v) && typeof v.id === 'string' ? v.id : isNode(v) && typeof v.use === 'string' ? v.use : i + 1;
      out.push(...textsAt(v, rest, [...path, i], [...names, String(id)]));
    });
  else if (isNode(doc))
    for (const [k, v] of Object.entries(doc)) {
      const id = isNode(v) && typeof v.number === 'number' ? String(v.number) : k;
      out.push(...textsAt(v, rest, [...path, k], [...names, id]));
    }
  return out;
}

/** The files `lintProgramTexts` reads, by kind. */
export interface ProgramTextFiles {
  program: ParsedFile[];
  shared: ParsedFile[];
}

/** Reports each placeholder in a text of a program or of the _shared program definitions, at the placeholder. */
export function lintProgramTexts(
  files: ProgramTextFiles,
  source: (file: string) => string | undefined,
  out: Diagnostic[],
): void {
  const where = tokenPlace(source);
  const check = (parsed: ParsedFile, places: TextPlace[]) => {
    for (const p of places)
      for (const { path, names, text } of textsAt(parsed.value, p.at)) {
        if (!text.includes('{')) continue;
        for (const token of placeholderTokens(text)) {
          const { code, message } = fillsNothing(token, p.what(names));
          out.push({
            code,
            severity: 'error',
            file: parsed.file,
            path,
            range: where(parsed, path, text, token),
            message,
          });
        }
      }
  };
  for (const parsed of files.program) check(parsed, PROGRAM_TEXTS);
  for (const parsed of files.shared) check(parsed, SHARED_TEXTS);
}
