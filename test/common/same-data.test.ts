import { describe, expect, it } from 'vitest';
import { sameData } from '../../common/same-data';

describe('sameData', () => {
  it('compares JSON-like values by content', () => {
    expect(sameData({ a: [1, { b: null }] }, { a: [1, { b: null }] })).toBe(true);
    // The same data whatever order its keys were built in: what the popup shows is the same.
    expect(sameData({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(sameData({ a: 1, b: 2 }, { a: 1, c: 2 })).toBe(false);
    expect(sameData({ a: undefined }, {})).toBe(false);
    expect(sameData([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(sameData([1, 2], [2, 1])).toBe(false);
    expect(sameData('1', 1)).toBe(false);
    expect(sameData(null, {})).toBe(false);
  });

  it('counts anything that is not plain data as different', () => {
    expect(sameData(new Date(0), new Date(0))).toBe(false);
    expect(sameData(Number.NaN, Number.NaN)).toBe(false);
  });
});
