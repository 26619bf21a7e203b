/**
 * Every choice a form offers has a label people read: a field (or a list's items) with an `enum` and no
 * `ui:enumNames` would show its raw keys ("electric_furnace") on screen. A warning, at the field.
 */

import { deref, itemsOf, levelFields } from './form-fields.ts';
import type { Report } from './schema-keywords.ts';

type Node = Record<string, unknown>;
type Path = (string | number)[];

const isNode = (v: unknown): v is Node => !!v && typeof v === 'object' && !Array.isArray(v);

/** Reports each enum field of an object level (nested objects and list items included) that has no labels. */
export function lintEnumLabels(
  schema: Node | undefined,
  ui: unknown,
  at: Path,
  definitions: Record<string, unknown>,
  report: Report,
  depth = 0,
): void {
  const s = deref(schema, definitions);
  if (!s || depth > 8) return;
  const uiNode = isNode(ui) ? ui : {};
  for (const [name, placed] of levelFields(s, at)) {
    const fieldUi = isNode(uiNode[name]) ? (uiNode[name] as Node) : {};
    if (fieldUi['ui:widget'] === 'hidden') continue;
    const own = deref(placed[0].node, definitions);
    const items = deref(itemsOf(own, definitions), definitions);
    const options = (own?.enum ?? items?.enum) as unknown[] | undefined;
    const named =
      fieldUi['ui:enumNames'] ?? (isNode(fieldUi.items) ? (fieldUi.items as Node)['ui:enumNames'] : undefined);
    if (options && !named) {
      report(
        'enum-without-labels',
        `field '${name}' offers ${options.map(String).join(', ')} without labels: give 'ui:enumNames' (one label per option, in order), or people read the raw keys`,
        placed[0].at,
        true,
      );
    }
    if (own?.properties || own?.allOf || own?.then)
      lintEnumLabels(own, fieldUi, placed[0].at, definitions, report, depth + 1);
    if (items?.properties)
      lintEnumLabels(items, fieldUi.items, [...placed[0].at, 'items'], definitions, report, depth + 1);
  }
}
