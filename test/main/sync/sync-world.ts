import { createSteppedClock } from '../../../scripts/bench/stepped-clock';
import { startDemoServer } from '../../../main/demo/server';
import type { DemoServer, DemoServerOptions } from '../../../main/demo/server';
import type { AppCoreOptions } from '../../../main/app/core';
import type { AppNotification } from '../../../main/notify/notify-events';
import { createCoreHarness } from '../../helpers/app-core';
import { unwrap } from '../../helpers/result';

export const MIN = 60_000;

/** A request main made: when (on the virtual clock) and on which route. */
export interface Sent {
  readonly at: number;
  readonly route: string;
  /** The whole address (ids and query kept). */
  readonly url: string;
  /** Which of the service's keys it went with (test/main/sync only: the key is the demo's). */
  readonly apiKey: string | null;
}

/** "GET /v1/task-management/:id": ids taken out, so requests group by route. */
export const routeOf = (url: string, method: string): string =>
  `${method} ${new URL(url).pathname.replace(/\/(tsk|tski|vnd|rsk|mem|org)_[A-Za-z0-9]+/g, '/:id')}`;

/**
 * Main's core signed in to the reference service on loopback, on a stepped
 * virtual clock (scripts/bench/stepped-clock.ts): a round's timer fires only
 * when the test lets time pass; the requests themselves run for real.
 */
export async function syncWorld(
  dir: string,
  keychainService: string,
  opts: {
    readonly server?: DemoServerOptions;
    readonly core?: Partial<AppCoreOptions>;
    readonly online?: { value: boolean };
    /** The key main connects with: `appRead` may read the audit log. Default `full`. */
    readonly key?: 'full' | 'appRead';
    /** Never ask conditionally (If-None-Match taken off): the service answers every read in full. */
    readonly no304?: boolean;
  } = {},
) {
  const sent: Sent[] = [];
  /** The status of every answer main got, in order. */
  const statuses: number[] = [];
  /** Bytes of the answers' bodies. */
  const received = { bytes: 0 };
  const shown: AppNotification[] = [];
  let inFlight = 0;
  /** Called as each request goes out, before it is answered (to act while it is in flight). */
  let onSend: ((s: Sent) => void) | null = null;
  const settle = async () => {
    for (let turns = 0; turns < 5 || inFlight > 0; turns++)
      await new Promise((resolve) => setTimeout(resolve, inFlight > 0 ? 1 : 0));
  };
  const clock = createSteppedClock(settle, Date.parse('2026-11-28T09:00:00Z'));
  // The service keeps time (its updatedAt, its rate limit's window) on the same virtual clock.
  const server: DemoServer = await startDemoServer({
    rateLimit: false,
    clock: () => new Date(clock.now()),
    ...opts.server,
  });
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const headers = new Headers(init?.headers);
    const one: Sent = {
      at: clock.now(),
      route: routeOf(url, init?.method ?? 'GET'),
      url,
      apiKey: headers.get('x-api-key'),
    };
    sent.push(one);
    onSend?.(one);
    inFlight += 1;
    try {
      if (opts.no304) headers.delete('if-none-match');
      const response = await globalThis.fetch(input, { ...init, headers });
      statuses.push(response.status);
      const body = await response.arrayBuffer();
      received.bytes += body.byteLength;
      return new Response(response.status === 204 || response.status === 304 ? null : body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    } finally {
      inFlight -= 1;
    }
  };
  const h = createCoreHarness(dir, keychainService, {
    scheduler: clock.scheduler,
    fetch,
    notify: (n) => shown.push(n),
    popupVisible: () => false,
    isOnline: () => opts.online?.value ?? true,
    ...opts.core,
  });
  const { core } = h;
  await clock.during(core.start());
  const orgId = server.organizations[0]!.id;
  // The sample's overdue compliance tasks are reminded of (test/main/reminders): not these tests'.
  unwrap(await clock.during(h.call('setSettings', { notifications: { reminders: false } })));
  unwrap(
    await clock.during(
      h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys[opts.key ?? 'full'] }),
    ),
  );

  /** Lets `ms` of virtual time pass, then waits for any round under way to end. */
  const pass = async (ms: number): Promise<void> => {
    await clock.runUntil(clock.now() + ms);
    await clock.during(core.backgroundSync.settled());
    // The notifications gather for 2 s before they show; a round due meanwhile ends too.
    await clock.runUntil(clock.now() + 3_000);
    await clock.during(core.backgroundSync.settled());
  };

  /** A colleague's change, made on the service with their own key (not through this app). */
  const colleagueChanges = async (taskId: string, patch: Record<string, unknown>) => {
    const r = await globalThis.fetch(`${server.baseUrl}/v1/task-management/${taskId}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-api-key': server.keys.colleague },
      body: JSON.stringify(patch),
    });
    if (!r.ok) throw new Error(`The colleague's change was refused: ${r.status} ${await r.text()}`);
  };

  return {
    server,
    orgId,
    h,
    core,
    clock,
    sent,
    statuses,
    received,
    shown,
    pass,
    colleagueChanges,
    whenSent: (f: ((s: Sent) => void) | null): void => void (onSend = f),
    async dispose(): Promise<void> {
      await core.dispose();
      await server.close();
    },
  };
}
export type SyncWorld = Awaited<ReturnType<typeof syncWorld>>;
