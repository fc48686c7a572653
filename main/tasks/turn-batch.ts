/**
 * Sends one thing per turn of the event loop, however often it is asked
 * for: soon() asks, the value is built once, when sent. now() sends at once
 * (and whatever was asked for this turn with it), so a person's action or
 * an answer to the popup never runs ahead of its event. Not a timer:
 * setImmediate runs once, right after the work that asked, and only then.
 */
export function createTurnBatch(send: () => void) {
  let due = false;
  const now = (): void => {
    due = false;
    send();
  };
  const flush = (): void => {
    if (due) now();
  };
  return {
    now,
    /** Sends what this turn asked for, if anything. */
    flush,
    soon(): void {
      if (due) return;
      due = true;
      setImmediate(flush);
    },
  };
}
