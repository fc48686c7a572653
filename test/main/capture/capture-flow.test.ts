import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EvidenceUploadsView } from '../../../common/evidence';
import { startDemoServer } from '../../../main/demo/server';
import type { DemoServer } from '../../../main/demo/server';
import type { ScreenPermission } from '../../../main/capture/capture-port';
import { createCoreHarness } from '../../helpers/app-core';
import type { CoreHarness } from '../../helpers/app-core';
import { drawnScreen } from '../../helpers/drawn-image';
import { keychainGate, removeTestService, uniqueTestService } from '../../helpers/keychain';
import { failure, unwrap } from '../../helpers/result';
import { useTempDirs } from '../../helpers/temp-dir';
import { whenState } from '../../helpers/wait-for';

/**
 * A capture of the screen from the tray's "Capture evidence…" to the task,
 * through the app over the reference service on loopback: the chooser's
 * sources, the capture shown before it is sent, the task picker's order, a
 * region, cancelling, the permission on macOS, and nothing of it logged.
 */

const gate = await keychainGate();
const MAYA = 'mem_n1maya7q2c';

describe.skipIf(gate.skip)('capturing the screen as evidence, through the app', () => {
  const tempDir = useTempDirs('task-tray-capture-');
  const service = uniqueTestService();
  let server: DemoServer;
  const harnesses: CoreHarness[] = [];

  beforeEach(async () => {
    gate.assertAvailable();
    server = await startDemoServer({ rateLimit: false });
  });
  afterEach(async () => {
    for (const h of harnesses.splice(0)) await h.core.dispose();
    await server.close();
  });
  afterAll(() => removeTestService(service));

  const start = async (permission?: () => ScreenPermission, dir?: string) => {
    const screen = drawnScreen(permission ? { permission } : {});
    const userDir = dir ?? (await tempDir());
    const h = createCoreHarness(userDir, service, {
      capture: screen.port,
    });
    harnesses.push(h);
    await h.core.start();
    if (unwrap(await h.call('getAccount')).state === 'signed-out') {
      unwrap(await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full }));
      unwrap(await h.call('setMe', { memberId: MAYA }));
    }
    unwrap(await h.call('getCompliance'));
    return { h, screen, dir: userDir };
  };
  const org = () => server.organizations[0]!.id;
  const lastUploads = (h: CoreHarness) =>
    h.events.filter((e) => e.event === 'evidence:changed').at(-1)?.payload as
      EvidenceUploadsView | undefined;
  const landed = (h: CoreHarness) =>
    whenState(h.core, () => lastUploads(h)?.tasks.length === 0 && !!lastUploads(h));

  it('opens the chooser, lists screens and windows with pictures, and sends what was shown', async () => {
    const { h, screen } = await start();
    h.core.startCapture();
    expect(h.events.at(-1)).toEqual({ event: 'view:open', payload: { screen: 'capture' } });

    const choices = unwrap(await h.call('getCaptureChoices'));
    if (choices.kind !== 'sources') throw new Error('expected sources');
    expect(choices.screens).toMatchObject([{ id: 'screen:1:0', name: 'Entire screen' }]);
    expect(choices.windows).toMatchObject([
      { kind: 'window', name: 'Access review — Spreadsheet' },
    ]);
    expect(choices.screens[0]!.thumbnail).toMatch(/^data:image\/png;base64,/);

    const taken = unwrap(await h.call('takeCapture', { sourceId: 'screen:1:0' }));
    expect(screen.grabbed).toEqual(['screen:1:0']);
    expect(taken).toMatchObject({ width: 1280, height: 800 });
    expect(taken.name).toMatch(/^Screenshot \d{4}-\d\d-\d\d at \d\d\.\d\d\.\d\d\.png$/);
    expect(taken.preview).toMatch(/^data:image\/png;base64,/);
    expect(taken.tasks.length).toBeGreaterThan(0);
    expect(taken.tasks.every((t) => t.from === 'mine')).toBe(true);
    expect(taken.defaultTaskId).toBe(taken.tasks[0]!.id);

    const taskId = taken.tasks[1]!.id;
    const answer = unwrap(
      await h.call('attachCapture', { id: taken.id, taskId, description: '  MFA settings ' }),
    );
    expect(answer).toMatchObject({ queued: [{ name: taken.name, size: taken.size }], refused: [] });
    await landed(h);
    // Sent, it is not kept: the same capture cannot go twice.
    const twice = await h.call('attachCapture', { id: taken.id, taskId });
    expect(failure(twice).message).toMatch(/no longer kept/);
    const stored = server.attachments(org(), taskId);
    expect(stored).toMatchObject([
      { name: taken.name, fileType: 'image/png', description: 'MFA settings' },
    ]);
    expect(stored[0]!.bytes.subarray(0, 4).toString('hex')).toBe('89504e47');

    // Next time, the task used last comes first, and is the default.
    const again = unwrap(await h.call('takeCapture', { sourceId: 'window:42:0' }));
    expect(again.tasks[0]).toMatchObject({ id: taskId, from: 'last' });
    expect(again.defaultTaskId).toBe(taskId);
    expect(again.tasks.filter((t) => t.id === taskId)).toHaveLength(1);
    // Nothing captured is logged: not the picture, not its name.
    expect(h.logs.join('\n')).not.toMatch(/Screenshot|data:image|base64/);
  });

  it('remembers the task used last per profile, across a restart', async () => {
    const dir = await tempDir();
    const first = await start(undefined, dir);
    const taken = unwrap(await first.h.call('takeCapture', { sourceId: 'screen:1:0' }));
    const taskId = taken.tasks.at(-1)!.id;
    unwrap(await first.h.call('attachCapture', { id: taken.id, taskId }));
    await landed(first.h);
    await first.h.core.dispose();
    harnesses.splice(harnesses.indexOf(first.h), 1);
    const second = await start(undefined, dir);
    const next = unwrap(await second.h.call('takeCapture', { sourceId: 'screen:1:0' }));
    expect(next.defaultTaskId).toBe(taskId);
  });

  it('sends only the region dragged, and refuses one too small to mean anything', async () => {
    const { h } = await start();
    const taken = unwrap(await h.call('takeCapture', { sourceId: 'screen:1:0' }));
    const taskId = taken.defaultTaskId!;
    const tiny = await h.call('attachCapture', {
      id: taken.id,
      taskId,
      region: { x: 0.5, y: 0.5, width: 0.001, height: 0.2 },
    });
    expect(failure(tiny).message).toMatch(/region is too small/);
    // Still kept after a refusal: the person drags again.
    const answer = unwrap(
      await h.call('attachCapture', {
        id: taken.id,
        taskId,
        region: { x: 0.25, y: 0.25, width: 0.5, height: 0.5 },
      }),
    );
    expect(answer.queued[0]!.size).toBeLessThan(taken.size);
    await landed(h);
    const png = server.attachments(org(), taskId)[0]!.bytes;
    // The PNG's header says 640 × 400: half of 1280 × 800 each way.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([640, 400]);
  });

  it('a cancelled capture is forgotten: it cannot be sent after, and nothing was queued', async () => {
    const { h, dir } = await start();
    const taken = unwrap(await h.call('takeCapture', { sourceId: 'screen:1:0' }));
    unwrap(await h.call('cancelCapture', { id: taken.id }));
    const late = await h.call('attachCapture', { id: taken.id, taskId: taken.defaultTaskId! });
    expect(failure(late).message).toMatch(/no longer kept/);
    const copies = await readdir(join(dir, 'evidence')).catch(() => []);
    expect(copies.filter((n) => n.endsWith('.bin'))).toEqual([]);
  });

  it('a window gone before it is captured says so; the OS failing says why', async () => {
    const { h, screen } = await start();
    const gone = await h.call('takeCapture', { sourceId: 'window:99:0' });
    expect(failure(gone).message).toMatch(/no longer there/);
    screen.port.grab = () => Promise.reject(new Error('Failed to get sources.'));
    const failed = await h.call('takeCapture', { sourceId: 'screen:1:0' });
    expect(failure(failed).message).toBe(
      'The capture did not work (Failed to get sources). Try again, or choose another.',
    );
    screen.port.sources = () => Promise.reject(new Error('portal closed'));
    const unlisted = await h.call('getCaptureChoices');
    expect(failure(unlisted).message).toMatch(/could not be listed \(portal closed\)/);
  });

  it('on macOS, says why before the OS asks, and explains a refusal with a way out', async () => {
    let permission: ScreenPermission = 'not-determined';
    const { h, screen } = await start(() => permission);
    const before = unwrap(await h.call('getCaptureChoices'));
    expect(before).toMatchObject({ kind: 'blocked', block: { kind: 'ask', action: 'Continue' } });
    // The person goes on; macOS asks; they say no.
    screen.port.sources = async () => {
      permission = 'denied';
      return [];
    };
    const after = unwrap(await h.call('getCaptureChoices', { ask: true }));
    expect(after).toMatchObject({
      kind: 'blocked',
      block: { kind: 'refused', action: 'Open System Settings' },
    });
    unwrap(await h.call('openCaptureSettings'));
    expect(screen.settingsOpened).toHaveLength(1);
  });
});
