/** GET /api/programs/{id}: a program with its loaded definition's rules, tasks and hash. */

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { ProgramDetail } from '../../../../engine/api/programs.ts';
import { programKeys } from './get-programs.ts';

/** A program as the API answers it, and its parts: the answer contract's types (engine/api/programs.ts). */
export type { ProgramDetail } from '../../../../engine/api/programs.ts';
/** An eligibility or incentive criterion (spec sect. 3: name, description, order_index), in words. */
export type Criterion = ProgramDetail['eligibility_criteria'][number] | ProgramDetail['incentive_criteria'][number];
export type ProgramTask = ProgramDetail['tasks'][number];
export type ProgramStage = ProgramDetail['stages'][number];

export function getProgram(id: string): Promise<ProgramDetail> {
  return api<ProgramDetail>('GET', `/api/programs/${encodeURIComponent(id)}`, { ignoreErrors: [404] });
}

export const programQuery = (id: string) =>
  queryOptions({ queryKey: programKeys.detail(id), queryFn: () => getProgram(id), staleTime: 5 * 60_000 });

export function useProgram(id: string) {
  return useQuery(programQuery(id));
}
