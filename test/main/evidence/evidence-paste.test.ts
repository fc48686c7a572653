import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ClipboardContent } from '../../../main/evidence/clipboard-evidence';
import {
  evidenceOnClipboard,
  pastedImageName,
  pasteWords,
} from '../../../main/evidence/clipboard-evidence';
import { startDemoServer } from '../../../main/demo/server';
import type { DemoServer } from '../../../main/demo/server';
import type { CoreHarness } from '../../helpers/app-core';
import {
  EVIDENCE_TASK,
  evidenceApp,
  png,
  whenNoneWaiting,
  writeIn,
} from '../../helpers/evidence-app';
import { keychainGate, removeTestService, uniqueTestService } from '../../helpers/keychain';
import { failure, unwrap } from '../../helpers/result';
import { useTempDirs } from '../../helpers/temp-dir';

/**
 * A paste in a compliance task's view: files copied in the file manager
 * (each platform's format), else the clipboard's image as a PNG named for
 * the moment, attached by the same path as a drop.
 */

describe('what a paste attaches', () => {
  const image = new Uint8Array([1, 2, 3]);
  it('files copied in a file manager, on each platform, ahead of their icon as an image', () => {
    const linux = {
      uriList: 'file:///home/maya/a%20b.pdf\r\n# comment\r\nfile:///tmp/c.png\r\n',
      png: image,
    };
    expect(evidenceOnClipboard(linux)).toEqual({
      kind: 'files',
      paths: ['/home/maya/a b.pdf', '/tmp/c.png'],
    });
    const gnome = { gnomeFiles: 'copy\nfile:///home/maya/x.pdf', png: null };
    expect(evidenceOnClipboard(gnome)).toEqual({ kind: 'files', paths: ['/home/maya/x.pdf'] });
    const mac = { macFileUrl: 'file:///Users/maya/scan.pdf', png: image };
    expect(evidenceOnClipboard(mac)).toEqual({ kind: 'files', paths: ['/Users/maya/scan.pdf'] });
    const win = {
      windowsFileName: Buffer.from('C:\\Users\\maya\\scan.pdf\0', 'utf16le'),
      png: null,
    };
    expect(evidenceOnClipboard(win)).toEqual({
      kind: 'files',
      paths: ['C:\\Users\\maya\\scan.pdf'],
    });
  });

  it('an image when no file is named; nothing for text, links or another machine’s files', () => {
    expect(evidenceOnClipboard({ png: image })).toEqual({ kind: 'image', png: image });
    const none: ClipboardContent[] = [
      { png: null },
      { uriList: 'https://example.com/a.pdf', png: null },
      { uriList: 'file://fileserver/share/a.pdf', png: null },
      { gnomeFiles: 'file:///no-verb-first.pdf', png: null },
      { windowsFileName: Buffer.from('hello\0', 'utf16le'), png: new Uint8Array() },
    ];
    for (const c of none) expect(evidenceOnClipboard(c)).toEqual({ kind: 'none' });
  });

  it('names a pasted image for the moment, in local time', () => {
    expect(pastedImageName(new Date(2026, 10, 29, 1, 2, 3))).toBe(
      'Pasted image 2026-11-29 at 01.02.03.png',
    );
  });
});

const gate = await keychainGate();

describe.skipIf(gate.skip)('a paste, through the app', () => {
  const tempDir = useTempDirs('task-tray-paste-');
  const service = uniqueTestService();
  let server: DemoServer;
  let h: CoreHarness;
  let clipboard: ClipboardContent;
  beforeEach(async () => {
    gate.assertAvailable();
    server = await startDemoServer({ rateLimit: false });
    clipboard = { png: null };
    h = await evidenceApp(await tempDir(), service, server, {
      readClipboardEvidence: () => Promise.resolve(clipboard),
    });
  });
  afterEach(async () => {
    await h.core.dispose();
    await server.close();
  });
  afterAll(() => removeTestService(service));
  const stored = () => server.attachments(server.organizations[0]!.id, EVIDENCE_TASK);

  it('an image on the clipboard lands as a PNG named for the moment', async () => {
    const bytes = png(40_000);
    clipboard = { png: bytes };
    const answer = unwrap(await h.call('pasteEvidence', { taskId: EVIDENCE_TASK }));
    expect(answer.queued).toMatchObject([
      { name: expect.stringMatching(/^Pasted image .+\.png$/) },
    ]);
    await whenNoneWaiting(h);
    expect(stored()).toHaveLength(1);
    expect(stored()[0]).toMatchObject({ fileType: 'image/png' });
    expect(stored()[0]!.bytes.equals(bytes)).toBe(true);
  });

  it('files copied in the file manager land under their own names', async () => {
    const dir = await tempDir();
    const paths = [
      await writeIn(dir, 'policy.pdf', '%PDF-1.4\npolicy'),
      await writeIn(dir, 'mfa.png', png(5000)),
    ];
    clipboard = { uriList: paths.map((p) => pathToFileURL(p).href).join('\r\n'), png: png(100) };
    unwrap(await h.call('pasteEvidence', { taskId: EVIDENCE_TASK }));
    await whenNoneWaiting(h);
    expect(stored().map((a) => a.name)).toEqual(['policy.pdf', 'mfa.png']);
  });

  it('text on the clipboard: says what a paste takes, and nothing is sent', async () => {
    expect(failure(await h.call('pasteEvidence', { taskId: EVIDENCE_TASK })).message).toBe(
      pasteWords.nothing,
    );
    expect(server.requests().filter((r) => r.method === 'POST')).toEqual([]);
  });
});
