/** GET /api/programs/{id}: a program with its loaded definition's rules, tasks and hash. */

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { programKeys, type ProgramSummary } from './get-programs.ts';

/** An eligibility or incentive criterion (spec sect. 3: name, description, order_index), in words. */
export interface Criterion {
  name: string;
  description: string | null;
  order_index: number;
  /** Eligibility: the ineligibility reason code it gives. */
  reason?: string;
  /** Incentives: the measure's cap. */
  cap_cents?: number | null;
}

export interface ProgramTask {
  id: string;
  title: string;
  stage: number;
  owner: string;
  /** Ids of the tasks it waits for. */
  after: string[];
  /** The task form's key. */
  form: string;
  /** When the task applies, in words (null: on every job). */
  applies_when: string | null;
}

export interface ProgramStage {
  number: number;
  key: string;
  label: string;
  tab: string;
  progress: [string, string];
}

export interface ProgramDetail extends ProgramSummary {
  stages: ProgramStage[];
  eligibility_criteria: Criterion[];
  incentive_criteria: Criterion[];
  tasks: ProgramTask[];
}

export function getProgram(id: string): Promise<ProgramDetail> {
  return api<ProgramDetail>('GET', `/api/programs/${encodeURIComponent(id)}`, { ignoreErrors: [404] });
}

export const programQuery = (id: string) => queryOptions({ queryKey: programKeys.detail(id), queryFn: () => getProgram(id), staleTime: 5 * 60_000 });

export function useProgram(id: string) {
  return useQuery(programQuery(id));
}
