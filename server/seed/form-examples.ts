/**
 * The demo fills forms with the first valid example of each form's fixture (tests/fixtures/forms/<form>.yaml, the
 * examples every form is tested with), as it is saved when the example says so.
 */

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { REPO_ROOT } from '../deps.ts';

/** The first filled example of a form (as it is saved, when the example says so); empty when it has none. */
export function firstExample(form: string): Record<string, unknown> {
  const file = join(REPO_ROOT, 'tests/fixtures/forms', `${form}.yaml`);
  if (!existsSync(file)) return {};
  const doc = parse(readFileSync(file, 'utf8')) as {
    valid?: { data?: Record<string, unknown>; saved?: Record<string, unknown> }[];
  };
  const first = doc.valid?.[0];
  return first?.saved ?? first?.data ?? {};
}
