/**
 * Definition keys in the words people read, from the definitions themselves: a fact path
 * (`provide_income_estimate.income_level`) by its task's title and its field's title in the form, an
 * option (`above_ami_150`) by its form label (`ui:enumNames`), a job field by its label. Eligibility
 * still waiting for answers is said as what is missing, task by task; explanations as the values read.
 */

import { describeLogic } from './logic/describe.ts';
import { formatCents } from './explain.ts';
import type { Logic } from './logic/walk.ts';
import { deref, itemsOf, levelFields } from './load/form-fields.ts';
import type { JOB_FACTS, DERIVED_FACTS } from './facts.ts';
import type { Program, TaskForm } from './types.ts';

type Node = Record<string, unknown>;

/** An ISO date or time as a person reads it (June 30, 2026). */
export function longDate(iso: string): string {
  const d = new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso);
  return d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** The job's own fields (job.<name>) as people read them. */
export const JOB_FACT_LABELS: Record<(typeof JOB_FACTS)[number], string> = {
  id: 'Job ID',
  code: 'Job code',
  created_at: 'Date the job was created',
  submitted_at: 'Date the rebate was submitted',
  is_canceled: 'Canceled',
  is_deemed: 'Set as deemed',
  ops_marked_ineligible: 'Marked ineligible by the program',
  address: 'Address',
  city: 'City',
  county: 'County',
  state: 'State',
  zip: 'Zip code',
  lat: 'Location',
  lon: 'Location',
  electric_utility: 'Electric utility',
  gas_utility: 'Gas utility',
};

/** The values the engine derives (derived.<name>) as people read them. */
export const DERIVED_FACT_LABELS: Record<(typeof DERIVED_FACTS)[number], string> = {
  today: "Today's date",
  submission_date: 'Submission date',
  in_service_area: 'In the program area',
  accepting_submissions: 'Program accepting submissions',
};

/** Where the facts about a job come from, for the group "Job details". */
export const JOB_DETAILS = 'Job details';

/** A fact in words: the task that asks for it (null for the job's own fields) and the field's label. */
export interface FactWords {
  task: string | null;
  /** The task's title, or "Job details". */
  group: string;
  field: string;
}

/** What a pending eligibility check still needs, task by task (spec sect. 4 "pending more information"). */
export interface MissingAnswers {
  /** The task that asks for them (null: the job's own fields). */
  task: string | null;
  title: string;
  fields: string[];
}

/** 'heat_pump_water_heater' -> 'Heat pump water heater'; 'SINGLE_FAMILY' -> 'Single family'. */
export function humanizeKey(key: string): string {
  const s = key.replace(/_/g, ' ').trim();
  const lower = s === s.toUpperCase() ? s.toLowerCase() : s;
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

const isNode = (v: unknown): v is Node => !!v && typeof v === 'object' && !Array.isArray(v);

/** A field's schema and UI schema at a path inside a form (nested objects and list items included). */
function fieldAt(form: TaskForm, path: string[]): { schema: Node; ui: Node } | undefined {
  const defs = (form.schema.definitions ?? {}) as Record<string, unknown>;
  let node: Node | undefined = form.schema;
  let ui: Node = form.ui_schema ?? {};
  for (const name of path) {
    const level = deref(node, defs);
    const s =
      level &&
      (levelFields(level, []).get(name)?.[0]?.node ?? levelFields(itemsOf(level, defs) ?? {}, []).get(name)?.[0]?.node);
    if (!s) return undefined;
    ui = (
      isNode(ui[name]) ? ui[name] : isNode(ui.items) && isNode((ui.items as Node)[name]) ? (ui.items as Node)[name] : {}
    ) as Node;
    node = s;
  }
  return node ? { schema: node, ui } : undefined;
}

/** A field of money in integer cents: the currency widget, or the shared `money_cents` definition. */
function isMoney(f: { schema: Node; ui: Node }): boolean {
  return f.ui['ui:widget'] === 'currency' || String(f.schema.$ref ?? '').endsWith('/money_cents');
}

/** A field's options with their labels (its own or its list items'), from `ui:enumNames`. */
function optionLabels(form: TaskForm, schema: Node, ui: Node): Map<unknown, string> {
  const defs = (form.schema.definitions ?? {}) as Record<string, unknown>;
  const s = deref(schema, defs);
  const options = (s?.enum ?? deref(itemsOf(s, defs), defs)?.enum) as unknown[] | undefined;
  const names = (ui['ui:enumNames'] ?? (isNode(ui.items) ? (ui.items as Node)['ui:enumNames'] : undefined)) as
    string[] | undefined;
  const out = new Map<unknown, string>();
  options?.forEach((o, i) => names?.[i] && out.set(o, names[i]));
  return out;
}

/** Every option of every form with its label: how a value reads where no field says (program constants). */
function allOptionLabels(forms: Record<string, TaskForm>): Map<unknown, string> {
  const out = new Map<unknown, string>();
  const visit = (form: TaskForm, schema: Node | undefined, ui: Node, depth: number) => {
    const defs = (form.schema.definitions ?? {}) as Record<string, unknown>;
    const s = deref(schema, defs);
    if (!s || depth > 6) return;
    for (const [k, v] of optionLabels(form, s, ui)) if (!out.has(k)) out.set(k, v);
    for (const [name, placed] of levelFields(s, [])) {
      const childUi = (isNode(ui[name]) ? ui[name] : {}) as Node;
      visit(form, placed[0].node, childUi, depth + 1);
      const items = itemsOf(placed[0].node, defs);
      if (items) visit(form, items, (isNode(childUi.items) ? childUi.items : {}) as Node, depth + 1);
    }
  };
  for (const form of Object.values(forms)) visit(form, form.schema, form.ui_schema ?? {}, 0);
  return out;
}

/** The words of one program's definitions. */
export interface PlainWords {
  fact(path: string): FactWords;
  /** A value as read at a fact path (an option by its label, yes/no, a list joined); any value when no path. */
  value(value: unknown, path?: string): string;
  /** A rule's logic in words. */
  logic(logic: Logic): string;
  /** What still-pending checks need, grouped by task in task order, each field once. */
  missing(paths: string[]): MissingAnswers[];
  /** The values a rule read, in words: "Income level (Household income estimate): Above 150% AMI". */
  read(read: Record<string, unknown>): string;
}

/** The words of a program's definitions (lazy: the option labels of all forms are gathered once, when a value needs
 * them). */
export function plainWords(program: Program, forms: Record<string, TaskForm>): PlainWords {
  const tasks = new Map(program.tasks.map((t) => [t.id, t]));
  let anyOption: Map<unknown, string> | undefined;
  const formOf = (taskId: string) => {
    const t = tasks.get(taskId);
    return t ? forms[t.form] : undefined;
  };

  const fact = (path: string): FactWords => {
    const [root, ...rest] = path.split('.');
    if (root === 'job')
      return {
        task: null,
        group: JOB_DETAILS,
        field: JOB_FACT_LABELS[rest[0] as keyof typeof JOB_FACT_LABELS] ?? humanizeKey(rest.join(' ')),
      };
    if (root === 'derived')
      return {
        task: null,
        group: JOB_DETAILS,
        field: DERIVED_FACT_LABELS[rest[0] as keyof typeof DERIVED_FACT_LABELS] ?? humanizeKey(rest.join(' ')),
      };
    if (root === 'constants') return { task: null, group: program.name, field: humanizeKey(rest.join(' ')) };
    if (root === 'tables')
      return {
        task: null,
        group: program.name,
        field: program.tables[rest[0]]?.description ?? humanizeKey(rest.join(' ')),
      };
    if (root === 'task_status')
      return { task: rest[0], group: tasks.get(rest[0])?.title ?? humanizeKey(rest[0]), field: 'Status' };
    if (root === 'usage') return { task: null, group: 'Energy usage', field: humanizeKey(rest.join(' ')) };
    const task = tasks.get(root);
    const form = formOf(root);
    const f = form && rest.length ? fieldAt(form, rest) : undefined;
    const field =
      (f?.ui['ui:title'] as string | undefined) ??
      (f?.schema.title as string | undefined) ??
      humanizeKey(rest[rest.length - 1] ?? root);
    return { task: task ? root : null, group: task?.title ?? humanizeKey(root), field };
  };

  const value = (v: unknown, path?: string): string => {
    if (v === undefined || v === null || v === '') return 'not answered';
    if (typeof v === 'boolean') return v ? 'Yes' : 'No';
    if (Array.isArray(v)) return v.length ? v.map((x) => value(x, path)).join(', ') : 'none';
    if (typeof v === 'object')
      return Object.entries(v as Node)
        .map(([k, x]) => `${value(k)}: ${value(x, path ? `${path}.${k}` : undefined)}`)
        .join('; ');
    if (path) {
      const [root, ...rest] = path.split('.');
      const form = formOf(root);
      const f = form && rest.length ? fieldAt(form, rest) : undefined;
      if (f && typeof v === 'number' && isMoney(f)) return `$${formatCents(v)}`;
      const label = f && optionLabels(form!, f.schema, f.ui).get(v);
      if (label) return label;
    }
    if (typeof v !== 'string') return String(v);
    anyOption ??= allOptionLabels(forms);
    return anyOption.get(v) ?? (/_/.test(v) ? humanizeKey(v) : v);
  };

  const named = (path: string) => {
    const f = fact(path);
    return f.group === JOB_DETAILS || f.group === program.name ? f.field : `${f.field} (${f.group})`;
  };

  return {
    fact,
    value,
    logic: (logic) =>
      describeLogic(logic, { fact: named, value: (v) => (typeof v === 'string' ? value(v) : String(v)) }),
    missing(paths) {
      const groups = new Map<string, MissingAnswers>();
      for (const p of paths) {
        const f = fact(p);
        const key = f.task ?? f.group;
        const g = groups.get(key) ?? { task: f.task, title: f.group, fields: [] };
        if (!g.fields.includes(f.field)) g.fields.push(f.field);
        groups.set(key, g);
      }
      const order = (g: MissingAnswers) => (g.task ? program.tasks.findIndex((t) => t.id === g.task) : -1);
      return [...groups.values()].sort((a, b) => order(a) - order(b));
    },
    read: (read) =>
      Object.entries(read)
        .filter(([p, v]) => !((p.startsWith('constants.') || p.startsWith('tables.')) && isNode(v)))
        .map(([p, v]) => `${named(p)}: ${value(v, p)}`)
        .join('; '),
  };
}
