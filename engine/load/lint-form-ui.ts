/**
 * Checks of a form's `ui_schema` against its schema that the meta-schema cannot make: `ui:order`
 * listing every field (RJSF refuses to draw a form whose order misses one, unless it has '*'),
 * `ui:enumNames` with one label per option, known `ui:` options, and widgets named in `ui:options`.
 */

import taskFormSchema from '../schema/task-form.schema.json' with { type: 'json' };
import { closest } from './suggest.ts';
import { deref, itemsOf, levelFields, optionsOf } from './form-fields.ts';
import type { Report } from './schema-keywords.ts';

type Node = Record<string, unknown>;
type Path = (string | number)[];

/** The widgets a form may name: the meta-schema's list, which a web test keeps equal to the theme's widgets. */
export const UI_WIDGETS: readonly string[] = taskFormSchema.definitions.ui_node.properties['ui:widget'].enum;

/** RJSF's UI schema options (its documented `ui:` keys) and ours (`ui:internal`: shown to ops only). */
export const UI_KEYS: readonly string[] = [
  'ui:widget',
  'ui:field',
  'ui:options',
  'ui:order',
  'ui:title',
  'ui:description',
  'ui:help',
  'ui:placeholder',
  'ui:enumNames',
  'ui:enumDisabled',
  'ui:readonly',
  'ui:disabled',
  'ui:autofocus',
  'ui:autocomplete',
  'ui:label',
  'ui:hideError',
  'ui:classNames',
  'ui:style',
  'ui:emptyValue',
  'ui:inline',
  'ui:inputType',
  'ui:rows',
  'ui:filePreview',
  'ui:accept',
  'ui:addable',
  'ui:orderable',
  'ui:removable',
  'ui:copyable',
  'ui:submitButtonOptions',
  'ui:rootFieldId',
  'ui:globalOptions',
  'ui:duplicateKeySuffixSeparator',
  'ui:enableMarkdownInDescription',
  'ui:internal',
];

const isNode = (v: unknown): v is Node => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * Checks a UI schema node against the schema of what it shows (`schema` undefined: unknown, only the
 * checks that need no schema run). `root`: the form's ui_schema (its fields are checked elsewhere).
 */
export function lintUiNode(
  ui: unknown,
  schema: Node | undefined,
  at: Path,
  definitions: Record<string, unknown>,
  report: Report,
  root = false,
): void {
  if (!isNode(ui)) return;
  const s = deref(schema, definitions);
  const fields = s ? levelFields(s, []) : undefined;
  for (const [key, value] of Object.entries(ui)) {
    if (key.startsWith('ui:')) {
      if (!UI_KEYS.includes(key)) {
        const hint = closest(key, [...UI_KEYS]);
        report(
          'unknown-ui-key',
          `'${key}' is not a UI schema option, so the form ignores it` + (hint ? ` (did you mean '${hint}'?)` : ''),
          [...at, key],
          true,
        );
      }
      continue;
    }
    if (key === 'items') {
      lintUiNode(value, itemsOf(s, definitions), [...at, key], definitions, report);
      continue;
    }
    if (!root && fields && fields.size && !fields.has(key)) {
      const hint = closest(key, [...fields.keys()]);
      report(
        'unknown-field',
        `ui_schema entry '${key}' names no field of this object` + (hint ? ` (did you mean '${hint}'?)` : ''),
        [...at, key],
        true,
      );
      continue;
    }
    lintUiNode(value, fields?.get(key)?.[0]?.node, [...at, key], definitions, report);
  }

  const widget = isNode(ui['ui:options']) ? (ui['ui:options'] as Node).widget : undefined;
  if (typeof widget === 'string' && !UI_WIDGETS.includes(widget)) {
    const hint = closest(widget, [...UI_WIDGETS]);
    report(
      'unknown-widget',
      `unknown widget '${widget}' (widgets: ${UI_WIDGETS.join(', ')})` + (hint ? ` (did you mean '${hint}'?)` : ''),
      [...at, 'ui:options', 'widget'],
    );
  }

  const order = ui['ui:order'];
  if (Array.isArray(order) && fields && fields.size)
    lintOrder(order, [...fields.keys()], [...at, 'ui:order'], root, report);

  const names = ui['ui:enumNames'];
  if (Array.isArray(names) && s) {
    // A list of choices (checkboxes) labels its items' options.
    const options = optionsOf(s, definitions) ?? optionsOf(itemsOf(s, definitions), definitions);
    if (options && options.length !== names.length) {
      const list = options.map((o) => (typeof o === 'string' ? o : JSON.stringify(o))).join(', ');
      report(
        'enum-names-count',
        `ui:enumNames has ${names.length} label(s) but the field has ${options.length} option(s) (${list}): give one label per option, in the same order`,
        [...at, 'ui:enumNames'],
      );
    }
  }
}

function lintOrder(order: unknown[], fields: string[], at: Path, root: boolean, report: Report) {
  const seen = new Set<unknown>();
  order.forEach((f, i) => {
    if (seen.has(f))
      report('ui-order-duplicate', `ui:order lists '${String(f)}' twice (the form would not show)`, [...at, i]);
    seen.add(f);
    // Top-level names are checked with the form's other field names (unknown-field).
    if (!root && typeof f === 'string' && f !== '*' && !fields.includes(f)) {
      const hint = closest(f, fields);
      report('unknown-field', `ui:order names unknown field '${f}'` + (hint ? ` (did you mean '${hint}'?)` : ''), [
        ...at,
        i,
      ]);
    }
  });
  if (order.includes('*')) return;
  // A misspelt name is reported as unknown, with the field it misses as its "did you mean": not twice.
  const misspelt = new Set(
    order
      .filter((f): f is string => typeof f === 'string' && f !== '*' && !fields.includes(f))
      .map((f) => closest(f, fields)),
  );
  const missing = fields.filter((f) => !order.includes(f) && !misspelt.has(f));
  if (missing.length) {
    report(
      'ui-order-missing',
      `ui:order does not list ${missing.map((f) => `'${f}'`).join(', ')}: list every field (or add '*' for the rest), or the form cannot be shown`,
      at,
      true,
    );
  }
}
