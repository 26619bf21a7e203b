/**
 * The checks of a form a meta-schema cannot make, each reported at the key or value at fault: its
 * schema's keywords, `required` and `if` against its fields, its UI schema, its messages.
 */

import { lintFormSchema } from './lint-form-schema.ts';
import { lintUiNode } from './lint-form-ui.ts';
import { lintMessageKeys, lintRuleParams } from './lint-form-messages.ts';
import {
  keywordPlace,
  lintSchemaKeywords,
  locateMetaErrors,
  type Report,
  type SchemaKnowledge,
} from './schema-keywords.ts';

type Node = Record<string, unknown>;

/**
 * Lints a form document. `definitions`: the definitions its schema may reference (shared ones merged
 * with its own); `knows`: the form compiler, when it can tell keywords and formats (an ajv instance).
 */
export function lintForm(
  raw: Node,
  definitions: Record<string, unknown>,
  knows: SchemaKnowledge,
  report: Report,
): void {
  const schema = (raw.schema ?? {}) as Node;
  lintSchemaKeywords(schema, ['schema'], knows, report);
  lintFormSchema(schema, ['schema'], definitions, report);
  lintUiNode(raw.ui_schema, schema, ['ui_schema'], definitions, report, true);
  lintMessageKeys(raw.messages, schema, definitions, report);
  lintRuleParams(raw.rules, report);
}

/**
 * Where a form schema that does not compile is wrong, reported at that place; false when no place
 * is found (the caller then reports the compiler's message at `schema:`). Places in the shared
 * definitions are left out: definitions.yaml reports them. `error`: the compiler's message.
 */
export function locateSchemaFailure(
  raw: Node,
  resolved: Node,
  knows: SchemaKnowledge,
  report: Report,
  error: string,
): boolean {
  const own = ((raw.schema as Node | undefined)?.definitions ?? {}) as Node;
  if (
    locateMetaErrors(
      resolved,
      ['schema'],
      knows,
      report,
      (path) => path[0] !== 'definitions' || (path.length > 1 && String(path[1]) in own),
    )
  )
    return true;
  const at = keywordPlace(raw.schema, ['schema'], error);
  if (at) report('schema-compile', `form schema does not compile: ${error}`, at, true);
  return at !== undefined;
}
