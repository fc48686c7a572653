import { afterEach, describe, expect, it } from 'vitest';
import { afterNextPaint } from '../../../renderer/lib/after-paint';

const nextFrame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));

describe('afterNextPaint', () => {
  const g = globalThis as { scheduler?: unknown };
  afterEach(() => {
    delete g.scheduler;
  });

  it('runs the task once the next frame is over, not before', async () => {
    const ran: string[] = [];
    afterNextPaint(() => ran.push('task'));
    expect(ran).toEqual([]);
    await nextFrame();
    await nextFrame();
    expect(ran).toEqual(['task']);
  });

  it('never runs a task cancelled before its frame or before its turn', async () => {
    const ran: string[] = [];
    afterNextPaint(() => ran.push('before the frame'))();
    const cancel = afterNextPaint(() => ran.push('after the frame'));
    await new Promise((r) => requestAnimationFrame(r));
    cancel();
    await nextFrame();
    await nextFrame();
    expect(ran).toEqual([]);
  });

  it('asks a page that can prioritise tasks for a user-blocking one, ahead of work already queued', async () => {
    const asked: { priority: string; signal: AbortSignal }[] = [];
    g.scheduler = {
      postTask: (task: () => void, options: { priority: string; signal: AbortSignal }) => {
        asked.push(options);
        if (!options.signal.aborted) task();
        return Promise.resolve();
      },
    };
    const ran: string[] = [];
    const cancel = afterNextPaint(() => ran.push('task'));
    await new Promise((r) => requestAnimationFrame(r));
    expect(ran).toEqual(['task']);
    expect(asked.map((o) => o.priority)).toEqual(['user-blocking']);
    cancel();
    expect(asked[0]?.signal.aborted).toBe(true);
  });

  it('reports an error the task throws, as a timer would, and says nothing of a cancelled one', async () => {
    g.scheduler = {
      postTask: (task: () => void, options: { signal: AbortSignal }) =>
        options.signal.aborted
          ? Promise.reject(options.signal.reason)
          : Promise.resolve().then(task),
    };
    const failure = new Error('the task failed');
    // Taken from vitest for the test: an uncaught error is what is expected here.
    const reported: unknown[] = [];
    const vitestListeners = process.listeners('uncaughtException');
    process.removeAllListeners('uncaughtException');
    process.on('uncaughtException', (e) => reported.push(e));
    try {
      afterNextPaint(() => {
        throw failure;
      });
      afterNextPaint(() => undefined)();
      await nextFrame();
      await nextFrame();
    } finally {
      process.removeAllListeners('uncaughtException');
      for (const l of vitestListeners) process.on('uncaughtException', l);
    }
    expect(reported).toEqual([failure]);
  });
});
