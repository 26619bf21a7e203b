/**
 * For the search tests: generated jobs (deterministic), and the service's search (server/services/
 * search.service.ts with fuzzy-rank.ts) without a signed-in user: the pool (the whole scope when small,
 * else fuzzy-rank.ts's candidates) ranked by fuzzy-rank.ts's rankRows, with a tuning of the test's own.
 */

import { seededRandom } from '../../server/seed/seeded-random.ts';
import type { SearchConfig } from '../../engine/index.ts';
import type { NewJob } from '../../server/db/jobs.db.ts';
import * as search from '../../server/db/search.db.ts';
import * as searchRows from '../../server/db/search-rows.db.ts';
import type { Q } from '../../server/db/portable.ts';
import { candidateIds, rankRows, type SearchTuning } from '../../server/services/fuzzy-rank.ts';

const FIRST = [
  'Maria',
  'James',
  'Linda',
  'Robert',
  'Patricia',
  'Michael',
  'Barbara',
  'William',
  'Elizabeth',
  'David',
  'Jennifer',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Charles',
  'Karen',
  'Daniel',
];
const LAST = [
  'Garcia',
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
];
const STREETS = [
  'Main St',
  'Oak Ave',
  'Pine Rd',
  'Maple Dr',
  'Cedar Ln',
  'Elm St',
  'Washington Blvd',
  'Lake View Ct',
  'Hill Rd',
  'Sunset Ave',
  'Park Pl',
  'River Rd',
];
const CITIES = [
  'Springfield',
  'Riverside',
  'Fairview',
  'Madison',
  'Georgetown',
  'Arlington',
  'Salem',
  'Clinton',
  'Ashland',
  'Dover',
];

const AT = '2024-05-01T00:00:00.000Z';

/** `n` jobs (codes G-00001 ...), spread over the companies and homeowners given (some with neither). */
export function generatedJobs(n: number, seed: number, contractorIds: number[], homeownerIds: number[]): NewJob[] {
  const r = seededRandom(seed).next;
  const pick = <T>(list: T[]) => list[Math.floor(r() * list.length)];
  return Array.from({ length: n }, (_, i) => {
    const first_name = pick(FIRST);
    const last_name = pick(LAST);
    return {
      code: `G-${String(i + 1).padStart(5, '0')}`,
      external_id: r() < 0.6 ? `EXT-${1000 + Math.floor(r() * 9000)}` : null,
      first_name,
      last_name,
      full_name: `${first_name} ${last_name}`,
      address: `${1 + Math.floor(r() * 9999)} ${pick(STREETS)}`,
      city: r() < 0.9 ? pick(CITIES) : null,
      contractor_id: contractorIds.length && r() < 0.85 ? pick(contractorIds) : null,
      homeowner_user_id: homeownerIds.length && r() < 0.5 ? pick(homeownerIds) : null,
      program_id: 'p',
      created_at: AT,
      updated_at: AT,
      stage_entered_at: AT,
    } as NewJob;
  });
}

/** searchJobs of search.service.ts without the user and the presentation: ids, best first. */
export async function searchJobIds(
  db: Q,
  config: SearchConfig,
  scope: search.SearchScope,
  query: string,
  limit: number,
  tuning: SearchTuning,
): Promise<number[]> {
  const pool =
    (await searchRows.idsInScope(db, 'jobs', scope, tuning.whole_scope)) ??
    (await candidateIds(db, 'jobs', config, scope, query, tuning));
  return rankRows(await searchRows.jobSearchTexts(db, pool), config, query, limit, tuning).map((r) => r.id);
}

/** searchContractors of search.service.ts: ids, best first. */
export async function searchContractorIds(
  db: Q,
  config: SearchConfig,
  scope: search.SearchScope,
  query: string,
  limit: number,
  tuning: SearchTuning,
): Promise<number[]> {
  const pool =
    (await searchRows.idsInScope(db, 'contractors', scope, tuning.whole_scope)) ??
    (await candidateIds(db, 'contractors', config, scope, query, tuning));
  return rankRows(await searchRows.contractorSearchRows(db, pool), config, query, limit, tuning).map((r) => r.id);
}
