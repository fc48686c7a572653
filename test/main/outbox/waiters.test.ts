import { describe, expect, it } from 'vitest';
import type { AttemptOutcome } from '../../../main/outbox/outbox';
import { createWaiters } from '../../../main/outbox/waiters';

describe('who waits on a first attempt', () => {
  it('tells each waiter once, and everyone of a lane "queued" when it will not be soon', () => {
    const waiters = createWaiters();
    const heard: string[] = [];
    const hear = (who: string) => (o: AttemptOutcome) => void heard.push(`${who}:${o.kind}`);
    const gone = hear('gone');
    waiters.add('e1', 'lane1', hear('a'));
    waiters.add('e1', 'lane1', gone);
    waiters.add('e2', 'lane2', hear('b'));
    waiters.add('e3', 'lane2', hear('c'));
    waiters.remove('e1', gone);
    waiters.resolve('e1', { kind: 'queued' });
    waiters.resolve('e1', { kind: 'queued' });
    waiters.releaseLane('lane2');
    waiters.releaseAll();
    expect(heard).toEqual(['a:queued', 'b:queued', 'c:queued']);
  });
});
