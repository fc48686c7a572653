import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contract } from '../../common/ipc';
import type { EventName } from '../../common/ipc';
import { TaskSchema } from '../../common/task';
import type { TaskStatus } from '../../common/task';
import type { PinnedTaskView } from '../../common/views';
import { SETTINGS_FILE } from '../../main/app/core';
import { createMemorySecretStore } from '../../main/secrets';
import type { SecretStore } from '../../main/secrets';
import type { Scheduler } from '../../main/scheduler/scheduler';
import { createSettingsStore } from '../../main/settings/settings-store';
import { createCoreHarness } from '../../test/helpers/app-core';
import type { CoreHarness } from '../../test/helpers/app-core';
import type { BenchService } from './bench-service';

/**
 * Main's real core (test/helpers/app-core.ts: settings in a temp folder,
 * Node's fetch to the reference service on loopback), signed in with an API
 * key and with tasks pinned, as after a restart of the app.
 *
 * The key is kept by the in-memory secret store: the keychain is read once at
 * start, never on a measured path, and the benchmark must run where no
 * keychain is unlocked (a plain `npm run bench`).
 */
export interface BenchCore {
  readonly harness: CoreHarness;
  readonly dir: string;
  /** The most requests main had in flight at once since the last reset (counted at its fetch). */
  maxInFlight(): number;
  /** Requests main has on the wire now. */
  inFlight(): number;
  resetInFlight(): void;
  /** Calls a method through the dispatcher, as an IPC message from the renderer would. */
  update(taskId: string, status: TaskStatus): Promise<unknown>;
  /**
   * Resolves when main has pushed a tasks:changed in which each of these
   * tasks shows its status confirmed by the service (sync idle, no error).
   */
  confirmed(expected: ReadonlyMap<string, TaskStatus>): Promise<void>;
  /** Drops what the harness recorded, so long runs do not pile up memory. */
  forget(): void;
  dispose(): Promise<void>;
}

const isConfirmed = (v: PinnedTaskView, status: TaskStatus): boolean =>
  v.sync === 'idle' && v.error === null && v.pendingPatch === null && v.snapshot?.status === status;

/** Writes the profile's pins, with the tasks as the service sends them, into the settings file. */
async function pinTasks(dir: string, tasks: readonly Record<string, unknown>[]): Promise<void> {
  const settings = createSettingsStore({ filePath: join(dir, SETTINGS_FILE) });
  await settings.load();
  const profileId = settings.get().activeProfileId;
  if (!profileId) throw new Error('Signing in left no active profile in the settings.');
  const pinnedAt = new Date().toISOString();
  const saved = await settings.update((s) => ({
    ...s,
    pinned: tasks.map((raw) => {
      const task = TaskSchema.parse(raw);
      return {
        profileId,
        taskId: task.id,
        ref:
          task.entityType === 'vendor' || task.entityType === 'risk'
            ? { entityType: task.entityType, ...(task.entityId ? { entityId: task.entityId } : {}) }
            : {},
        snapshot: task,
        error: null,
        pinnedAt,
      };
    }),
  }));
  if (!saved.ok) throw new Error(`Could not pin the benchmark's tasks: ${saved.error.message}`);
}

/** Node's fetch, counting how many requests are on the wire at once, and telling each one. */
function countingFetch(onRequest: (url: string, method: string) => void) {
  let now = 0;
  let max = 0;
  const counted: typeof fetch = async (input, init) => {
    onRequest(input instanceof Request ? input.url : String(input), init?.method ?? 'GET');
    now += 1;
    max = Math.max(max, now);
    try {
      return await fetch(input, init);
    } finally {
      now -= 1;
    }
  };
  return { fetch: counted, max: () => max, now: () => now, reset: () => void (max = now) };
}

/** Far above any limit a run can reach: pacing out of the way, as the bulk item asks. */
export const PACING_OFF = { limit: 1_000_000, windowMs: 60_000 } as const;

export interface CoreOptions {
  /** 'app': the requestsPerMinute setting, as shipped (default). 'off': PACING_OFF. */
  readonly pacing?: 'app' | 'off';
  /** Main's clock and timers (a virtual clock); by default the real ones. */
  readonly scheduler?: Scheduler;
  /** Told of every request main makes once started, before it leaves. */
  readonly onRequest?: (url: string, method: string) => void;
}

/** A core signed in to the bench service with its first `pinned` tasks pinned, started. */
export async function signedInCore(
  service: BenchService,
  pinned: number,
  opts: CoreOptions = {},
): Promise<BenchCore> {
  const dir = await mkdtemp(join(tmpdir(), 'task-tray-bench-'));
  const removeDir = () => rm(dir, { recursive: true, force: true });
  const secrets: SecretStore = createMemorySecretStore();
  try {
    // Sign in through the app's own path: the key is checked against the service, then saved.
    const first = createCoreHarness(dir, 'unused: memory secret store', { secrets });
    await first.core.start();
    const connected = await first.call('connectApiKey', {
      baseUrl: service.baseUrl,
      apiKey: service.apiKey,
    });
    await first.core.dispose();
    if (!connected.ok) throw new Error(`Could not sign in: ${connected.error.message}`);
    await pinTasks(dir, service.tasks.slice(0, pinned));

    // A second core reads it all back, as the app does when it starts.
    const counter = countingFetch(opts.onRequest ?? (() => undefined));
    const harness = createCoreHarness(dir, 'unused: memory secret store', {
      secrets,
      fetch: counter.fetch,
      // The app's own request timeout, not the harness's 2 s for fault tests: a
      // busy main thread reads answers late, and 2 s turns that into retries
      // that the shipped app would not make.
      timeoutMs: undefined,
      ...(opts.pacing === 'off' ? { outbox: { rate: PACING_OFF } } : {}),
      ...(opts.scheduler ? { scheduler: opts.scheduler } : {}),
    });
    const waiters = new Set<(event: EventName, payload: unknown) => void>();
    harness.core.onEvent((event, payload) => {
      for (const w of [...waiters]) w(event, payload);
    });
    await harness.core.start();
    const org = await harness.call('getOrganization', { refresh: true });
    if (!org.ok) throw new Error(`The organization did not load: ${org.error.message}`);
    const list = await harness.call('listTasks');
    if (!list.ok || list.value.length !== pinned)
      throw new Error(`Expected ${pinned} pinned tasks after the restart.`);

    return {
      harness,
      dir,
      maxInFlight: counter.max,
      inFlight: counter.now,
      resetInFlight: counter.reset,
      update: (taskId, status) =>
        harness.core.dispatch(contract.updateTask.channel, { taskId, patch: { status } }),
      confirmed: (expected) =>
        new Promise<void>((resolve) => {
          const waiter = (event: EventName, payload: unknown) => {
            if (event !== 'tasks:changed') return;
            // Counted in one pass, no copies: this runs on every event inside the timed window.
            let confirmed = 0;
            for (const v of payload as PinnedTaskView[]) {
              const status = expected.get(v.id);
              if (status !== undefined && isConfirmed(v, status)) confirmed += 1;
            }
            if (confirmed === expected.size) {
              waiters.delete(waiter);
              resolve();
            }
          };
          waiters.add(waiter);
        }),
      forget: () => {
        harness.events.splice(0);
        harness.answers.splice(0);
        harness.logs.splice(0);
      },
      dispose: async () => {
        await harness.core.dispose();
        await removeDir();
      },
    };
  } catch (e) {
    await removeDir();
    throw e;
  }
}

/**
 * A core on a virtual clock with a memory keychain (items 8 and 14): not
 * started. Its secrets come with it, for a core started again on its files.
 */
export function virtualCore(dir: string, scheduler: Scheduler) {
  const secrets: SecretStore = createMemorySecretStore();
  const h = createCoreHarness(dir, 'unused: memory secret store', {
    secrets,
    scheduler,
    timeoutMs: undefined,
  });
  return { h, secrets };
}

/**
 * Starts `h` with its own sync off ("only when I open": a virtual clock
 * fires a round's timer at once, and item 12 is the sync's) and signs it in
 * with the key given.
 */
export async function startManualSignedIn(
  h: CoreHarness,
  service: { readonly baseUrl: string; readonly apiKey: string },
): Promise<void> {
  await h.core.start();
  const manual = await h.call('setSettings', { syncInterval: 'on-open' });
  if (!manual.ok) throw new Error(`Could not turn the sync off: ${manual.error.message}`);
  const connected = await h.call('connectApiKey', service);
  if (!connected.ok) throw new Error(`Could not sign in: ${connected.error.message}`);
}
