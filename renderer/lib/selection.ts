/**
 * Which tasks (pinned, or My work's) are chosen for a bulk change. Pure: the popup keeps one
 * of these in state and replaces it on every click or key.
 */
export interface Selection {
  readonly ids: ReadonlySet<string>;
  /** The task last toggled on its own: a Shift-click selects from here, as in a file list. */
  readonly anchor: string | null;
}

export const EMPTY_SELECTION: Selection = { ids: new Set(), anchor: null };

/**
 * Toggle one task. With `range` (Shift held) and an anchor on screen, every
 * shown task from the anchor to this one is selected instead, and the anchor
 * stays, so a second Shift-click adjusts the same range's far end.
 */
export function toggleTask(
  sel: Selection,
  id: string,
  shown: readonly string[],
  range: boolean,
): Selection {
  const from = range && sel.anchor !== null ? shown.indexOf(sel.anchor) : -1;
  const to = shown.indexOf(id);
  if (from >= 0 && to >= 0) {
    const ids = new Set(sel.ids);
    for (const x of shown.slice(Math.min(from, to), Math.max(from, to) + 1)) ids.add(x);
    return { ids, anchor: sel.anchor };
  }
  const ids = new Set(sel.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ids, anchor: id };
}

/** Add tasks (Shift+↑/↓ extends the selection onto the row it moves to). */
export function addTasks(sel: Selection, add: readonly string[]): Selection {
  if (add.every((id) => sel.ids.has(id))) return sel;
  return { ids: new Set([...sel.ids, ...add]), anchor: sel.anchor };
}

/** "Select all": every task the filter shows; tasks it hides keep their state. */
export function selectShown(sel: Selection, shown: readonly string[]): Selection {
  return addTasks(sel, shown);
}

/** Un-tick every shown task; tasks the filter hides keep their state. */
export function clearShown(sel: Selection, shown: readonly string[]): Selection {
  const ids = new Set(sel.ids);
  for (const id of shown) ids.delete(id);
  return { ids, anchor: null };
}

/** Only tasks still listed can be changed: one unpinned (or no longer mine) meanwhile leaves the selection. */
export function keepListed(sel: Selection, pinned: ReadonlySet<string>): Selection {
  if ([...sel.ids].every((id) => pinned.has(id))) return sel;
  return {
    ids: new Set([...sel.ids].filter((id) => pinned.has(id))),
    anchor: sel.anchor !== null && pinned.has(sel.anchor) ? sel.anchor : null,
  };
}

export interface SelectionCount {
  readonly selected: number;
  /** Selected tasks the filter shows. */
  readonly shownSelected: number;
  /** Selected tasks the filter hides: said, so a bulk change never surprises. */
  readonly hidden: number;
  readonly shown: number;
}

export function countSelection(sel: Selection, shown: readonly string[]): SelectionCount {
  const shownSelected = shown.filter((id) => sel.ids.has(id)).length;
  return {
    selected: sel.ids.size,
    shownSelected,
    hidden: sel.ids.size - shownSelected,
    shown: shown.length,
  };
}
