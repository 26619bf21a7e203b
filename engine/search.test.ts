import Fuse from 'fuse.js';
import { describe, expect, it } from 'vitest';
import { CONTRACTOR_SEARCH, JOB_SEARCH, isSearchable, searchFor } from './search.ts';

describe('search configuration (spec sect. 2)', () => {
  it('job search keys and weights', () => {
    expect(JOB_SEARCH.keys).toEqual([
      { name: 'full_name', weight: 2 },
      { name: 'address', weight: 1 },
      { name: 'city', weight: 1 },
      { name: 'contractor', weight: 4 },
      { name: 'code', weight: 5 },
      { name: 'external_id', weight: 1 },
    ]);
  });
  it('contractor search keys and weights', () => {
    expect(CONTRACTOR_SEARCH.keys).toEqual([
      { name: 'name', weight: 5 },
      { name: 'contractor', weight: 4 },
      { name: 'primary_contact', weight: 2 },
      { name: 'address', weight: 1 },
      { name: 'city', weight: 1 },
      { name: 'phone', weight: 1 },
      { name: 'email', weight: 1 },
    ]);
  });
  it('fuzzy threshold 0.4, minimum match length 2, location ignored, at least 2 characters', () => {
    for (const c of [JOB_SEARCH, CONTRACTOR_SEARCH])
      expect(c).toMatchObject({ threshold: 0.4, minMatchCharLength: 2, ignoreLocation: true, minQueryLength: 2 });
    expect(isSearchable('a')).toBe(false);
    expect(isSearchable(' a ')).toBe(false);
    expect(isSearchable('ab')).toBe(true);
  });
  it('searches contractors on routes whose name contains Contractor, jobs elsewhere', () => {
    expect(searchFor('ContractorsList').kind).toBe('contractors');
    expect(searchFor('ContractorDetail').kind).toBe('contractors');
    expect(searchFor('ContractorCreate').kind).toBe('contractors');
    expect(searchFor('JobsList').kind).toBe('jobs');
    expect(searchFor('ProgramExplorer').kind).toBe('jobs');
    expect(searchFor(undefined).kind).toBe('jobs');
  });
  it('with fuse.js: a code match outranks a name match, and fuzzy typos still match', () => {
    const jobs = [
      {
        full_name: 'Ana Kd7x',
        address: '1 Oak St',
        city: 'Fresno',
        contractor: 'Volt Co',
        code: 'QWER12',
        external_id: '',
      },
      {
        full_name: 'Bob Lee',
        address: '2 Elm St',
        city: 'Fresno',
        contractor: 'Heat Bros',
        code: 'KD7X99',
        external_id: '',
      },
      {
        full_name: 'Maria Gonzalez',
        address: '3 Pine Ave',
        city: 'Oakland',
        contractor: 'Volt Co',
        code: 'ZZZZ01',
        external_id: 'EXT-9',
      },
    ];
    const fuse = new Fuse(jobs, JOB_SEARCH);
    expect(fuse.search('KD7X')[0].item.full_name).toBe('Bob Lee');
    expect(fuse.search('Gonzales').map((r) => r.item.full_name)).toContain('Maria Gonzalez');
    expect(fuse.search('qqqqqqqq')).toEqual([]);
  });
});
