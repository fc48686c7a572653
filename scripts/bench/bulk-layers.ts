import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TaskStatus } from '../../common/task';
import { createLogger } from '../../main/log/logger';
import { createOutbox } from '../../main/outbox/outbox';
import { createOutboxFile } from '../../main/outbox/outbox-file';
import { createScheduler } from '../../main/scheduler/scheduler';
import { createSecretGuard } from '../../main/secrets/secret-guard';
import { createServiceClient } from '../../main/service/client';
import { createRequestPacer } from '../../main/service/pacing';
import type { BenchService } from './bench-service';
import { PACING_OFF } from './main-side';

/** Item 5's floor: the layers every change of the app must pass, and nothing else. */
export interface OutboxLayer {
  /** Sends one status for all of `ids`, each change through the outbox; resolves when all landed. */
  send(ids: readonly string[], status: TaskStatus): Promise<void>;
  /** Resolves once the outbox's file writes after the last change (its removals) are done. */
  settled(): Promise<void>;
  dispose(): Promise<void>;
}

/**
 * The outbox with main's service client, as main builds them: each change
 * redacted, written and fsynced to the outbox's file before its request
 * leaves (docs/ARCHITECTURE.md), the request with its timeout, the answer
 * read within its size cap and checked as a task. No pins, settings or
 * events: those are the app's on top, and what item 5's budget judges.
 */
export async function createOutboxLayer(
  service: BenchService,
  /** Where the outbox keeps its file; by default a temp folder, removed on dispose. */
  outboxFile?: string,
): Promise<OutboxLayer> {
  const dir = outboxFile ? null : await mkdtemp(join(tmpdir(), 'task-tray-layers-'));
  const scheduler = createScheduler();
  const guard = createSecretGuard([service.apiKey]);
  const client = createServiceClient({
    baseUrl: service.baseUrl,
    auth: { kind: 'api-key', apiKey: service.apiKey },
    fetch,
  });
  const outbox = createOutbox({
    store: createOutboxFile({
      filePath: outboxFile ?? join(dir as string, 'outbox.json'),
      redact: guard.value,
    }),
    scheduler,
    pacer: createRequestPacer(PACING_OFF, scheduler),
    clientFor: () => client,
    onLanded: async () => {},
    onRefused: async () => {},
    onAttempt: () => {},
    onPaused: () => {},
    onChange: () => {},
    log: createLogger(
      () => {},
      () => [service.apiKey],
    ),
  });
  const dispose = async () => {
    try {
      await outbox.dispose();
    } finally {
      scheduler.dispose();
      if (dir) await rm(dir, { recursive: true, force: true });
    }
  };
  try {
    await outbox.load();
    outbox.refresh();
  } catch (e) {
    await dispose();
    throw e;
  }
  return {
    async send(ids, status) {
      const outcomes = await Promise.all(
        ids.map((taskId) =>
          outbox.enqueue({ profileId: 'bench', taskId, patch: { status }, durable: true }),
        ),
      );
      const other = outcomes.find((o) => o.kind !== 'landed');
      if (other) throw new Error(`An outbox change did not land at once: ${other.kind}.`);
    },
    settled: () => outbox.quiet(),
    dispose,
  };
}
