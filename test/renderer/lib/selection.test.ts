import { describe, expect, it } from 'vitest';
import {
  addTasks,
  clearShown,
  countSelection,
  EMPTY_SELECTION,
  keepListed,
  selectShown,
  toggleTask,
} from '../../../renderer/lib/selection';
import type { Selection } from '../../../renderer/lib/selection';

const shown = ['a', 'b', 'c', 'd', 'e'];
const ids = (s: Selection) => [...s.ids].sort();

describe('selection', () => {
  it('toggling ticks and unticks one task and makes it the anchor', () => {
    const one = toggleTask(EMPTY_SELECTION, 'b', shown, false);
    expect(ids(one)).toEqual(['b']);
    expect(one.anchor).toBe('b');
    const none = toggleTask(one, 'b', shown, false);
    expect(ids(none)).toEqual([]);
  });

  it('a range runs from the anchor either way, and keeps the anchor for the next range', () => {
    const start = toggleTask(EMPTY_SELECTION, 'b', shown, false);
    const down = toggleTask(start, 'd', shown, true);
    expect(ids(down)).toEqual(['b', 'c', 'd']);
    expect(down.anchor).toBe('b');
    const up = toggleTask(toggleTask(EMPTY_SELECTION, 'e', shown, false), 'c', shown, true);
    expect(ids(up)).toEqual(['c', 'd', 'e']);
  });

  it('a range with no anchor on screen is a plain toggle', () => {
    expect(ids(toggleTask(EMPTY_SELECTION, 'c', shown, true))).toEqual(['c']);
    const hiddenAnchor: Selection = { ids: new Set(['z']), anchor: 'z' };
    expect(ids(toggleTask(hiddenAnchor, 'c', shown, true))).toEqual(['c', 'z']);
  });

  it('select all and clear act on what is shown; hidden tasks keep their state', () => {
    const withHidden: Selection = { ids: new Set(['z', 'a']), anchor: null };
    expect(ids(selectShown(withHidden, ['a', 'b']))).toEqual(['a', 'b', 'z']);
    expect(ids(clearShown(withHidden, ['a', 'b']))).toEqual(['z']);
  });

  it('adding what is there already returns the same selection (no re-render)', () => {
    const s = toggleTask(EMPTY_SELECTION, 'a', shown, false);
    expect(addTasks(s, ['a'])).toBe(s);
    expect(ids(addTasks(s, ['a', 'b']))).toEqual(['a', 'b']);
  });

  it('unpinned tasks leave the selection, and so does a stale anchor', () => {
    const s: Selection = { ids: new Set(['a', 'b']), anchor: 'b' };
    const kept = keepListed(s, new Set(['a', 'c']));
    expect(ids(kept)).toEqual(['a']);
    expect(kept.anchor).toBeNull();
    expect(keepListed(s, new Set(['a', 'b', 'c']))).toBe(s);
  });

  it('counts: selected, of them shown, hidden by the filter', () => {
    const s: Selection = { ids: new Set(['a', 'x', 'y']), anchor: null };
    expect(countSelection(s, ['a', 'b'])).toEqual({
      selected: 3,
      shownSelected: 1,
      hidden: 2,
      shown: 2,
    });
  });
});
