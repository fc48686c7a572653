import { afterEach, describe, expect, it, vi } from 'vitest';
import { quitAfterCleanup } from '../../../main/app/quit-after-cleanup';

const quitEvent = () => {
  const event = { prevented: false, preventDefault: () => void (event.prevented = true) };
  return event;
};

/** A clean-up the test finishes by hand. */
const manualCleanUp = () => {
  let finish = (): void => undefined;
  let fail = (_e: Error): void => undefined;
  const cleanUp = vi.fn(
    () =>
      new Promise<void>((resolve, reject) => {
        finish = resolve;
        fail = reject;
      }),
  );
  return { cleanUp, finish: () => finish(), fail: (e: Error) => fail(e) };
};

describe('quitting after the clean-up', () => {
  afterEach(() => vi.useRealTimers());

  it('holds the first quit until the clean-up has finished, then quits, and lets that quit go', async () => {
    const { cleanUp, finish } = manualCleanUp();
    const quit = vi.fn();
    const onBeforeQuit = quitAfterCleanup({ cleanUp, quit, warn: vi.fn() });
    const first = quitEvent();
    onBeforeQuit(first);
    expect(first.prevented).toBe(true);
    await vi.waitFor(() => expect(cleanUp).toHaveBeenCalledOnce());
    expect(quit).not.toHaveBeenCalled();
    finish();
    await vi.waitFor(() => expect(quit).toHaveBeenCalledOnce());
    const second = quitEvent();
    onBeforeQuit(second);
    expect(second.prevented).toBe(false);
  });

  it('holds a quit asked for while cleaning up, and cleans up once', async () => {
    const { cleanUp, finish } = manualCleanUp();
    const quit = vi.fn();
    const onBeforeQuit = quitAfterCleanup({ cleanUp, quit, warn: vi.fn() });
    onBeforeQuit(quitEvent());
    const again = quitEvent();
    onBeforeQuit(again);
    expect(again.prevented).toBe(true);
    await vi.waitFor(() => expect(cleanUp).toHaveBeenCalled());
    finish();
    await vi.waitFor(() => expect(quit).toHaveBeenCalledOnce());
    expect(cleanUp).toHaveBeenCalledOnce();
  });

  it('quits after a failed clean-up, and says so', async () => {
    const { cleanUp, fail } = manualCleanUp();
    const quit = vi.fn();
    const warn = vi.fn();
    quitAfterCleanup({ cleanUp, quit, warn })(quitEvent());
    await vi.waitFor(() => expect(cleanUp).toHaveBeenCalledOnce());
    fail(new Error('disk full'));
    await vi.waitFor(() => expect(quit).toHaveBeenCalledOnce());
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/failed/), expect.any(Error));
  });

  it('quits after a clean-up that throws at once', async () => {
    const quit = vi.fn();
    const cleanUp = () => {
      throw new Error('not started');
    };
    quitAfterCleanup({ cleanUp, quit, warn: vi.fn() })(quitEvent());
    await vi.waitFor(() => expect(quit).toHaveBeenCalledOnce());
  });

  it('quits when the clean-up hangs past the limit, and leaves no timer when it does not', async () => {
    vi.useFakeTimers();
    const hung = manualCleanUp();
    const quit = vi.fn();
    const warn = vi.fn();
    quitAfterCleanup({ cleanUp: hung.cleanUp, quit, warn, limitMs: 3_000 })(quitEvent());
    await vi.advanceTimersByTimeAsync(2_999);
    expect(quit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(quit).toHaveBeenCalledOnce();
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/3000 ms/));

    const quick = manualCleanUp();
    quitAfterCleanup({ cleanUp: quick.cleanUp, quit: vi.fn(), warn: vi.fn() })(quitEvent());
    await vi.advanceTimersByTimeAsync(0);
    quick.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
