import { describe, expect, it } from 'vitest';
import { createEvents } from '../../../main/app/events';

/** An event is bounded in total like an answer (issue 34, finding 1): too large, it goes nowhere and is said. */
describe('events to the popup and the tray', () => {
  it('an event larger than BOUNDS.ipcBytes is not sent; one of ordinary size is', () => {
    const refused: string[] = [];
    const events = createEvents(
      (p) => p,
      (event) => refused.push(event),
    );
    const heard: string[] = [];
    events.on((event) => heard.push(event));
    const row = (i: number) => ({ id: `tski_${i}`, description: 'x'.repeat(60_000) });
    events.emit('tasks:changed', Array.from({ length: 300 }, (_, i) => row(i)) as never);
    events.emit('tasks:changed', [row(1)] as never);
    expect(refused).toEqual(['tasks:changed']);
    expect(heard).toEqual(['tasks:changed']);
  });
});
