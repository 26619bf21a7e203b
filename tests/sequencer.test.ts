/** The order test files start in (tests/support/sequencer.ts plan). */

import { describe, expect, it } from 'vitest';
import { plan, type Planned } from './support/sequencer.ts';

const f = (key: string, seconds: number, seeded = false): Planned => ({ key, seconds, seeded });
const keys = (xs: Planned[]) => xs.map((x) => x.key);

describe('plan', () => {
  it('starts the longest files first, each project after the one before, the longest project first', () => {
    const out = plan(
      [[f('a:short', 1), f('a:long', 50), f('a:mid', 10)], [f('b:tiny', 0.5), f('b:big', 70)], [f('c:one', 3)]],
      { workers: 2, seedLead: 0 },
    );
    expect(keys(out)).toEqual(['b:big', 'b:tiny', 'a:long', 'a:mid', 'a:short', 'c:one']);
  });

  it('holds a file that reads the seeded demo back until the run has been busy for the lead, then longest first', () => {
    const out = plan([[f('seed', 80, true), f('x', 60), f('y', 50), f('z', 40), f('w', 2)]], {
      workers: 2,
      seedLead: 50,
    });
    // After x and y (110 s over two workers: 55 s) the seeded file, the longest left, starts.
    expect(keys(out)).toEqual(['x', 'y', 'seed', 'z', 'w']);
  });

  it('keeps the elapsed time across projects, and runs seeded files last when nothing else is left', () => {
    const out = plan([[f('p1', 200)], [f('s1', 5, true), f('s2', 30, true), f('q', 1)]], {
      workers: 2,
      seedLead: 90,
    });
    expect(keys(out)).toEqual(['p1', 's2', 's1', 'q']);
    const alone = plan([[f('s1', 5, true), f('q', 1)]], { workers: 2, seedLead: 1000 });
    expect(keys(alone)).toEqual(['q', 's1']);
  });

  it('orders equal durations by key, so a run is repeatable', () => {
    expect(keys(plan([[f('b', 3), f('a', 3), f('c', 3)]], { workers: 2, seedLead: 0 }))).toEqual(['a', 'b', 'c']);
  });
});
