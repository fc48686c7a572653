import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_EVIDENCE_BYTES } from '../../../common/evidence';
import { startDemoServer } from '../../../main/demo/server';
import {
  EVIDENCE_TASK,
  evidenceApp,
  png,
  whenNoneWaiting,
  writeIn,
} from '../../helpers/evidence-app';
import { keychainGate, removeTestService, uniqueTestService } from '../../helpers/keychain';
import { unwrap } from '../../helpers/result';
import { useTempDirs } from '../../helpers/temp-dir';

/**
 * The largest file the service takes (100 MiB) through the app's upload
 * path, streamed as base64 JSON over loopback, lands on the reference
 * service byte for byte. Its memory and time are the bench's (scripts/bench/evidence.ts).
 */

const gate = await keychainGate();
const digest = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe.skipIf(gate.skip)('a 100 MB file, through the app', () => {
  const tempDir = useTempDirs('task-tray-100mb-');
  const service = uniqueTestService();
  afterAll(() => removeTestService(service));

  it('lands whole on the service', async () => {
    gate.assertAvailable();
    const server = await startDemoServer({ rateLimit: false });
    const h = await evidenceApp(await tempDir(), service, server);
    try {
      const bytes = png(MAX_EVIDENCE_BYTES);
      bytes.write('the end', bytes.length - 7);
      const path = await writeIn(await tempDir(), 'recording.png', bytes);
      const answer = unwrap(
        await h.call('attachEvidence', { taskId: EVIDENCE_TASK, paths: [path] }),
      );
      expect(answer.queued).toMatchObject([{ name: 'recording.png', size: MAX_EVIDENCE_BYTES }]);
      await whenNoneWaiting(h);
      const [landed] = server.attachments(server.organizations[0]!.id, EVIDENCE_TASK);
      expect(landed?.bytes.length).toBe(MAX_EVIDENCE_BYTES);
      expect(digest(landed!.bytes)).toBe(digest(bytes));
    } finally {
      await h.core.dispose();
      await server.close();
    }
  }, 60_000);
});
