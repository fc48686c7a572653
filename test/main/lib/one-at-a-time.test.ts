import { describe, expect, it } from 'vitest';
import { oneAtATime } from '../../../main/lib/one-at-a-time';

describe('oneAtATime', () => {
  it('starts each job once the one before has settled, a failed one too, and answers each its own', async () => {
    const inTurn = oneAtATime();
    const log: string[] = [];
    let release = (): void => {};
    const first = inTurn(async () => {
      log.push('first starts');
      await new Promise<void>((go) => (release = go));
      log.push('first ends');
      throw new Error('first failed');
    });
    const second = inTurn(async () => {
      log.push('second starts');
      return 2;
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(log).toEqual(['first starts']);
    release();
    await expect(first).rejects.toThrow('first failed');
    await expect(second).resolves.toBe(2);
    expect(log).toEqual(['first starts', 'first ends', 'second starts']);
  });
});
