import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { TaskUpdateOutcome } from '../../common/views';
import { ApiContext } from '../../renderer/hooks/api-context';
import { useTasks } from '../../renderer/hooks/use-tasks';
import { createMainStore } from '../../renderer/lib/main-store';
import { createFakeApi } from './fake-api';
import type { FakeApi } from './fake-api';
import { views } from './fixtures';

function renderTasksHook(fake: FakeApi) {
  const store = createMainStore(fake.api);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApiContext.Provider value={{ api: fake.api, store }}>{children}</ApiContext.Provider>
  );
  return renderHook(() => useTasks(), { wrapper });
}

describe('useTasks: a bulk change larger than one request', () => {
  // Main refuses more than 500 ids in one request (the fake checks the contract as main does).
  it('501 tasks go in two requests, in order, and every task has its outcome', async () => {
    const fake = createFakeApi({ tasks: views(501) });
    const { result } = renderTasksHook(fake);
    await waitFor(() => expect(result.current.state.phase).toBe('ready'));
    const ids = result.current.rows.map((r) => r.id);
    let outcomes: TaskUpdateOutcome[] = [];
    await act(async () => {
      outcomes = await result.current.setStatusOfMany(ids, 'done');
    });
    const calls = fake.callsOf('updateTasks') as { taskIds: string[] }[];
    expect(calls.map((c) => c.taskIds.length)).toEqual([500, 1]);
    expect(calls.flatMap((c) => c.taskIds)).toEqual(ids);
    expect(outcomes.map((o) => o.taskId)).toEqual(ids);
    expect(outcomes.every((o) => o.result.ok)).toBe(true);
    expect(result.current.rows.every((r) => r.status === 'done' && r.sync === 'idle')).toBe(true);
    expect(result.current.bulk).toBeNull();
  });

  it('a second bulk change while one is on its way is refused, not interleaved', async () => {
    const fake = createFakeApi({ tasks: views(2) });
    let release = () => {};
    fake.answer('updateTasks', async () => {
      await new Promise<void>((r) => (release = r));
      return { ok: true, value: [] };
    });
    const { result } = renderTasksHook(fake);
    await waitFor(() => expect(result.current.state.phase).toBe('ready'));
    let first: Promise<TaskUpdateOutcome[]> = Promise.resolve([]);
    let second: TaskUpdateOutcome[] = [];
    await act(async () => {
      first = result.current.setStatusOfMany(['tski_t0'], 'done');
      second = await result.current.setStatusOfMany(['tski_t1'], 'canceled');
    });
    expect(second).toHaveLength(1);
    expect(second[0]!.result.ok).toBe(false);
    expect(fake.callsOf('updateTasks')).toHaveLength(1);
    await act(async () => {
      release();
      await first;
    });
  });
});
