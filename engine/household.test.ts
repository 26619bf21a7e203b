import { describe, expect, it } from 'vitest';
import { householdKey } from './household.ts';

describe('householdKey: one address, however it is written', () => {
  it.each([
    ['12 Main Street', '53202', '12 main st, 53202-1234'],
    ['12 N. Main St.', '53202', '12 north main street'],
    ['12 Main St Apt 4B', '53202', '12 MAIN ST #4B'],
    ['12 Main St, Unit 04', '53202', '12 main st unit 4'],
  ])('%s (%s) is %s', (a, zip, b) => {
    const [address, other] = b.includes(',') && /\d{5}/.test(b) ? b.split(/,\s*/) : [b, zip];
    expect(householdKey({ address: a, zip })).toBe(householdKey({ address, zip: other }));
    expect(householdKey({ address: a, zip })).not.toBeNull();
  });
  it.each([
    ['another unit', '12 Main St Apt 4B', '53202', '12 Main St Apt 5B', '53202'],
    ['another number', '12 Main St', '53202', '14 Main St', '53202'],
    ['another postal code', '12 Main St', '53202', '12 Main St', '53203'],
    ['another street', '12 Main St', '53202', '12 Maine St', '53202'],
  ])('%s is another household', (_, a, za, b, zb) => {
    expect(householdKey({ address: a, zip: za })).not.toBe(householdKey({ address: b, zip: zb }));
  });
  it('no street address or postal code: no household', () => {
    expect(householdKey({ address: '', zip: '53202' })).toBeNull();
    expect(householdKey({ address: '12 Main St', zip: null })).toBeNull();
    expect(householdKey({ address: 'Main St', zip: '53202' })).toBeNull();
  });
});
