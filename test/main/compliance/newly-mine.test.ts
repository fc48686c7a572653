import { describe, expect, it } from 'vitest';
import { newlyMine } from '../../../main/compliance/newly-mine';

const t = (id: string, assigneeId: string | null) => ({ id, assigneeId });

describe('newlyMine: the tasks a read made the person’s', () => {
  it('names those assigned to me now that were not mine before, new ones included', () => {
    const before = [t('tsk_a', 'mem_me'), t('tsk_b', 'mem_other'), t('tsk_c', null)];
    const after = [
      t('tsk_a', 'mem_me'),
      t('tsk_b', 'mem_me'),
      t('tsk_c', null),
      t('tsk_d', 'mem_me'),
    ];
    expect(newlyMine(before, after, 'mem_me').map((x) => x.id)).toEqual(['tsk_b', 'tsk_d']);
  });

  it('says nothing on the first read, or while who I am is unknown', () => {
    expect(newlyMine(null, [t('tsk_a', 'mem_me')], 'mem_me')).toEqual([]);
    expect(newlyMine([], [t('tsk_a', 'mem_me')], null)).toEqual([]);
    // Taken away from me is no news here.
    expect(newlyMine([t('tsk_a', 'mem_me')], [t('tsk_a', null)], 'mem_me')).toEqual([]);
  });
});
