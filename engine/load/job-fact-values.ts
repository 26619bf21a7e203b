/**
 * The values a job fact can take, for the checks that compare a fact with a literal (lint-logic.ts `unknown-value`):
 * `job.state` holds a two-letter state code (the address service's list), the job's flags hold true or false. A
 * state written by its name ("California") is told its code.
 */

import { STATE_CODES } from '../api/tracking.ts';
import type { AllowedValues } from './schema-path.ts';

/** The states, districts and territories by name (lower case), for a did-you-mean. */
// prettier-ignore
const STATE_NAMES: Record<string, string> = {
  alabama: 'AL', alaska: 'AK', arizona: 'AZ', arkansas: 'AR', california: 'CA', colorado: 'CO', connecticut: 'CT',
  delaware: 'DE', 'district of columbia': 'DC', florida: 'FL', georgia: 'GA', hawaii: 'HI', idaho: 'ID',
  illinois: 'IL', indiana: 'IN', iowa: 'IA', kansas: 'KS', kentucky: 'KY', louisiana: 'LA', maine: 'ME',
  maryland: 'MD', massachusetts: 'MA', michigan: 'MI', minnesota: 'MN', mississippi: 'MS', missouri: 'MO',
  montana: 'MT', nebraska: 'NE', nevada: 'NV', 'new hampshire': 'NH', 'new jersey': 'NJ', 'new mexico': 'NM',
  'new york': 'NY', 'north carolina': 'NC', 'north dakota': 'ND', ohio: 'OH', oklahoma: 'OK', oregon: 'OR',
  pennsylvania: 'PA', 'puerto rico': 'PR', 'rhode island': 'RI', 'south carolina': 'SC', 'south dakota': 'SD',
  tennessee: 'TN', texas: 'TX', utah: 'UT', vermont: 'VT', virginia: 'VA', washington: 'WA', 'west virginia': 'WV',
  wisconsin: 'WI', wyoming: 'WY', guam: 'GU', 'virgin islands': 'VI', 'american samoa': 'AS',
};

/** The job's yes/no fields. */
const FLAGS = ['is_canceled', 'is_deemed', 'ops_marked_ineligible'];

/** What a literal compared with `fact` most likely meant, given the values it can take. */
export type ValueHint = (literal: unknown) => string | undefined;

/** The values `job.<name>` can take, with what to call it and a did-you-mean; undefined when any. */
export function jobFactValues(fact: string): (AllowedValues & { what: string; hint?: ValueHint }) | undefined {
  const [root, name, ...rest] = fact.split('.');
  if (root !== 'job' || rest.length) return undefined;
  if (name === 'state')
    return {
      values: [...STATE_CODES],
      list: false,
      what: "'job.state' (a two-letter state code)",
      hint: (lit) =>
        typeof lit === 'string'
          ? (STATE_NAMES[lit.trim().toLowerCase()] ??
            ((STATE_CODES as readonly string[]).includes(lit.trim().toUpperCase())
              ? lit.trim().toUpperCase()
              : undefined))
          : undefined,
    };
  if (FLAGS.includes(name)) return { values: [true, false], list: false, what: `'job.${name}' (yes or no)` };
  return undefined;
}
