/** The jobs list's stage filter names each stage once, by the reading of the programs it lists. */

import { describe, expect, it } from 'vitest';
import type { FilterOptions } from '../api/job-filters.ts';
import { stageOptions } from './jobs-filters.tsx';

const program = (id: string, labels: string[]) => ({
  id,
  name: id,
  stages: labels.map((label, i) => ({ number: i + 1, label, tab: i < 2 ? 'Apply' : 'Review' })),
});
const OPTIONS = {
  programs: [
    program('six', ['Create', 'Draft', 'Pending review']),
    program('seven', ['Create Job', 'Submit the rebate', 'Review rebate submission']),
    program('six-too', ['Create', 'Draft', 'Pending review']),
  ],
} as unknown as FilterOptions;

describe('stage filter choices', () => {
  it("a chosen program's stages, each by its one name", () => {
    expect(stageOptions(OPTIONS, 'seven')).toEqual([
      { value: '1', label: 'Create Job', tab: 'Apply' },
      { value: '2', label: 'Submit the rebate', tab: 'Apply' },
      { value: '3', label: 'Review rebate submission', tab: 'Review' },
    ]);
  });
  it('every program’s when they read stages alike; none (choose a program) when they differ, never "Draft / Submit the rebate"', () => {
    const same = { programs: OPTIONS.programs.filter((p) => p.id !== 'seven') } as FilterOptions;
    expect(stageOptions(same, undefined)?.map((o) => o.label)).toEqual(['Create', 'Draft', 'Pending review']);
    expect(stageOptions(OPTIONS, undefined)).toBeNull();
  });
});
