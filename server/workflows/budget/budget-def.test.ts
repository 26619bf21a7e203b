/** Which territory's money a job draws on, for each way a program divides its allocation. */

import { describe, expect, it } from 'vitest';
import { territoryOf } from './budget-def.ts';
import type { BudgetDef } from '../../../engine/types-budget.ts';

const def = (per: BudgetDef['per'], allocations: Record<string, number>) => ({ per, allocations }) as BudgetDef;
const TECH = def('utility', { 'Pacific Gas and Electric': 1, 'Southern California Gas': 1 });

describe('territoryOf', () => {
  it('the whole program, the county, the electric utility', () => {
    const job = { county: 'Bergen', electric_utility: 'Rockland Electric Company', gas_utility: 'PSE&G' };
    expect(territoryOf(def('program', { '': 1 }), job)).toBe('');
    expect(territoryOf(def('county', { Bergen: 1 }), job)).toBe('Bergen');
    expect(territoryOf(def('electric_utility', {}), job)).toBe('Rockland Electric Company');
  });

  it('per funding utility: the electric utility when allocated, else the gas utility when allocated, else the electric', () => {
    const pge = { electric_utility: 'Pacific Gas and Electric', gas_utility: 'Pacific Gas and Electric' };
    expect(territoryOf(TECH, pge)).toBe('Pacific Gas and Electric');
    const muni = {
      electric_utility: 'Los Angeles Department of Water and Power',
      gas_utility: 'Southern California Gas',
    };
    expect(territoryOf(TECH, muni)).toBe('Southern California Gas');
    const neither = { electric_utility: 'Sacramento Municipal Utility District', gas_utility: null };
    expect(territoryOf(TECH, neither)).toBe('Sacramento Municipal Utility District');
    expect(territoryOf(TECH, { electric_utility: null, gas_utility: 'Southwest Gas' })).toBe('Southwest Gas');
  });
});
