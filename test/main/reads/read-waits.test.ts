import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionView } from '../../../common/views';
import { startDemoServer } from '../../../main/demo/server';
import type { DemoServer } from '../../../main/demo/server';
import { createVirtualClock } from '../../../scripts/bench/virtual-clock';
import { createCoreHarness } from '../../helpers/app-core';
import type { CoreHarness } from '../../helpers/app-core';
import { keychainGate, removeTestService, uniqueTestService } from '../../helpers/keychain';
import { unwrap } from '../../helpers/result';
import { useTempDirs } from '../../helpers/temp-dir';

const gate = await keychainGate();

/**
 * When something the person asked for waits for the service's limit, the
 * popup is told why and for about how long, through the connection view it
 * already follows; and the wait is over as soon as the limit allows.
 */
describe.skipIf(gate.skip)('a read of the person’s that waits says why', () => {
  const service = uniqueTestService();
  const tempDir = useTempDirs('task-tray-read-waits-');
  let server: DemoServer;
  const harnesses: CoreHarness[] = [];

  beforeAll(async () => {
    gate.assertAvailable();
    server = await startDemoServer({ rateLimit: false });
  });
  afterEach(async () => {
    for (const h of harnesses.splice(0)) await h.core.dispose();
  });
  afterAll(async () => {
    await server.close();
    await removeTestService(service);
  });

  it('Browse after a 429: "Waiting for the service\'s limit, about 20 s", then the list', async () => {
    const clock = createVirtualClock();
    const h = createCoreHarness(await tempDir(), service, { scheduler: clock.scheduler });
    harnesses.push(h);
    await h.core.start();
    unwrap(await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full }));
    // On this clock every timer fires at once: no background rounds to take the 429 meant for Browse.
    unwrap(await h.call('setSettings', { syncInterval: 'on-open' }));

    server.faults.onlyFor = /^GET \/v1\/vendors/;
    server.faults.failNext(
      429,
      1,
      { statusCode: 429, message: 'ThrottlerException: Too Many Requests' },
      {
        'Retry-After': '20',
      },
    );
    // The 429 itself: the vendors are refused this once, and the route is held 20 s.
    await h.call('listEntities');
    server.faults.onlyFor = null;

    const listed = unwrap(await h.call('listEntities'));
    expect(listed.entities.some((e) => e.entityType === 'vendor')).toBe(true);
    const views = h.events
      .filter((e) => e.event === 'connection:changed')
      .map((e) => e.payload as ConnectionView);
    const said = views.findIndex((v) => v.readsWaiting !== undefined);
    expect(views[said]?.readsWaiting).toMatch(/^Waiting for the service's limit, about (19|20) s$/);
    // Once the list came, nothing waits and nothing is said.
    expect(views.at(-1)?.readsWaiting).toBeUndefined();
  });
});
