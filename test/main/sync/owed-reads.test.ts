import { describe, expect, it } from 'vitest';
import {
  noOwedReads,
  OWED_MAX,
  OWED_TRIES,
  owedWithNamed,
  settleOwed,
} from '../../../main/sync/owed-reads';
import type { EntityKey } from '../../../main/reads/read-schemas';

const vendor = (n: number): EntityKey => ({ entityType: 'vendor', entityId: `vnd_${n}` });

describe('what the audit log named and is still to be read', () => {
  it('is planned again each round until a read of it succeeds', () => {
    const owed = noOwedReads();
    expect(owedWithNamed(owed, [vendor(1), vendor(2)])).toEqual([vendor(1), vendor(2)]);
    // Only vendor 1 was read (vendor 2 cut by the budget): vendor 2 comes back with the new name.
    settleOwed(owed, new Set(['vendor:vnd_1']), new Set(['vendor:vnd_1']));
    expect(owedWithNamed(owed, [vendor(3)])).toEqual([vendor(2), vendor(3)]);
  });

  it('lets go of an entity planned and never read after a few rounds (a vendor deleted since)', () => {
    const owed = noOwedReads();
    owedWithNamed(owed, [vendor(1)]);
    for (let i = 0; i < OWED_TRIES - 1; i++) settleOwed(owed, new Set(['vendor:vnd_1']), new Set());
    expect(owedWithNamed(owed, [])).toEqual([vendor(1)]);
    settleOwed(owed, new Set(['vendor:vnd_1']), new Set());
    expect(owedWithNamed(owed, [])).toEqual([]);
  });

  it('reads as if there were no log once more is owed than is kept', () => {
    const owed = noOwedReads();
    const many = Array.from({ length: OWED_MAX + 1 }, (_, i) => vendor(i));
    expect(owedWithNamed(owed, many)).toBeNull();
    expect(owedWithNamed(owed, [vendor(1)])).toEqual([vendor(1)]);
    // No log this round: nothing added, nothing lost.
    expect(owedWithNamed(owed, null)).toBeNull();
    expect(owedWithNamed(owed, [])).toEqual([vendor(1)]);
  });
});
