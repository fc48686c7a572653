import { describe, expect, it } from 'vitest';
import type { PinnedTaskView } from '../../../common/views';
import { pinnedView, sameViews } from '../../../main/tasks/pinned-view';
import type { PinnedTask } from '../../../main/tasks/pinned-view';

const snapshot = {
  id: 'tski_a',
  title: 'Collect SOC 2 report',
  status: 'todo',
  assignee: { id: 'mem_1', user: { name: 'Dana' } },
  warnings: [],
};
const pin = (over: Partial<PinnedTask> = {}): PinnedTask => ({
  taskId: 'tski_a',
  ref: { entityType: 'vendor' },
  snapshot,
  error: null,
  pinnedAt: '2026-01-02T03:04:05.000Z',
  ...over,
});
/** A deep copy, as a settings write gives back: equal, not the same objects. */
const copy = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe('whether the popup already has a list (sameViews)', () => {
  const list = (...views: PinnedTaskView[]) => views;

  it('reads a list built again from equal data as the same', () => {
    const a = list(pinnedView(pin(), undefined), pinnedView(pin({ taskId: 'tski_b' }), undefined));
    const b = list(
      pinnedView(copy(pin()), undefined),
      pinnedView(copy(pin({ taskId: 'tski_b' })), undefined),
    );
    expect(sameViews(a, b)).toBe(true);
  });

  it.each<[string, PinnedTaskView]>([
    [
      'a status in the snapshot',
      pinnedView(pin({ snapshot: { ...snapshot, status: 'done' } }), undefined),
    ],
    [
      'a nested field',
      pinnedView(
        pin({ snapshot: { ...snapshot, assignee: { id: 'mem_2', user: null } } }),
        undefined,
      ),
    ],
    ['a change on its way', pinnedView(pin(), { patch: { status: 'done' }, sync: 'pending' })],
    ['a change waiting to be sent', pinnedView(pin(), { patch: {}, sync: 'queued' })],
    [
      'a refusal',
      pinnedView(pin({ error: { kind: 'not_found', message: 'Task item not found' } }), undefined),
    ],
    [
      'a field the snapshot gained',
      pinnedView(pin({ snapshot: { ...snapshot, description: null } }), undefined),
    ],
    ['no snapshot yet', pinnedView(pin({ snapshot: null }), undefined)],
  ])('tells a list apart when a row differs in %s', (_, other) => {
    expect(sameViews([pinnedView(pin(), undefined)], [other])).toBe(false);
    expect(sameViews([other], [pinnedView(pin(), undefined)])).toBe(false);
  });

  it('tells lists apart by length and by order', () => {
    const a = pinnedView(pin(), undefined);
    const b = pinnedView(pin({ taskId: 'tski_b' }), undefined);
    expect(sameViews([a, b], [a])).toBe(false);
    expect(sameViews([a, b], [b, a])).toBe(false);
    expect(sameViews([], [])).toBe(true);
  });
});
