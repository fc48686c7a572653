import { describe, expect, it } from 'vitest';
import { createCrashReloadPolicy } from '../../../main/window/crash-reload';

describe("when the popup's renderer process is gone", () => {
  it('loads the page again after a crash', () => {
    for (const reason of ['crashed', 'oom', 'killed', 'launch-failed', 'integrity-failure']) {
      expect({ reason, decision: createCrashReloadPolicy().decide(reason, 0) }).toEqual({
        reason,
        decision: 'reload',
      });
    }
  });

  it('does nothing when the process ended normally (the window is closing)', () => {
    expect(createCrashReloadPolicy().decide('clean-exit', 0)).toBe('ignore');
  });

  it('stops reloading a page that keeps crashing, and closes it instead', () => {
    const policy = createCrashReloadPolicy({ maxReloads: 3, windowMs: 60_000 });
    expect([0, 1_000, 2_000, 3_000].map((t) => policy.decide('crashed', t))).toEqual([
      'reload',
      'reload',
      'reload',
      'close',
    ]);
    // A crash a minute after the first ones is a new story.
    expect(policy.decide('crashed', 61_000)).toBe('reload');
  });
});
