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
import { now, quiet, repeatPaired, shortOfRuns } from './repeat';
import type { Plan } from './repeat';
import { median } from './stats';
import { nextStatus } from './statuses';

/** One layer's pace against the bare PUTs run in turns with it. */
export interface LayerShare {
  readonly layer: 'client' | 'outbox';
  /** The layer's median changes/s over the bare PUTs' median, as item 5's budget reads it. */
  readonly share: number;
  readonly runs: number;
}

/**
 * What item 5's floor leaves room for. The same changes go through the
 * two layers every change of the app passes, each in turns with bare PUTs:
 *  - client: main's service client alone (its request timeout, the answer
 *    read within its size cap and checked as a task);
 *  - outbox: the outbox with that client: each change written to its file
 *    (redacted, fsynced) before its request leaves, as DESIGN promises.
 * No pins, settings or events: those come on top. `barePuts` is item 5's
 * own floor, given the status to set.
 */
export async function bulkLayers(
  service: BenchService,
  ids: readonly string[],
  plan: Plan,
  barePuts: (status: TaskStatus) => Promise<void>,
  /** Where the outbox keeps its file; by default a temp folder, removed after. */
  outboxFile?: string,
): Promise<LayerShare[]> {
  const dir = outboxFile ? null : await mkdtemp(join(tmpdir(), 'task-tray-layers-'));
  try {
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
    try {
      await outbox.load();
      outbox.refresh();
      /** What the layer sent last; every run of either side sets one status for all. */
      let status = nextStatus(service.statusOf(ids[0] as string));
      const held = () => service.statusOf(ids[0] as string);
      const layers: Record<LayerShare['layer'], () => Promise<void>> = {
        client: async () => {
          const answers = await Promise.all(ids.map((id) => client.updateTask(id, { status })));
          const refused = answers.find((a) => !a.ok);
          if (refused && !refused.ok)
            throw new Error(`The client's change was refused: ${refused.error.message}`);
        },
        outbox: async () => {
          const outcomes = await Promise.all(
            ids.map((taskId) =>
              outbox.enqueue({ profileId: 'bench', taskId, patch: { status }, durable: true }),
            ),
          );
          const other = outcomes.find((o) => o.kind !== 'landed');
          if (other) throw new Error(`An outbox change did not land at once: ${other.kind}.`);
        },
      };
      const shares: LayerShare[] = [];
      for (const layer of ['client', 'outbox'] as const) {
        const samples = await repeatPaired(
          plan,
          async () => {
            status = nextStatus(status);
            // After any run every task holds one status: the next must be another.
            if (ids.every((id) => service.statusOf(id) === status))
              throw new Error(
                `The tasks already hold ${status}: the ${layer}'s run would change nothing.`,
              );
            const t0 = now();
            await layers[layer]();
            const rate = ids.length / ((now() - t0) / 1000);
            // Its removals from the file, after the clock as in the app's runs.
            await outbox.quiet();
            await quiet();
            if (ids.some((id) => service.statusOf(id) !== status))
              throw new Error(`The service does not hold every status the ${layer} sent.`);
            return rate;
          },
          async () => {
            // A real change too: neither what the tasks hold nor what the layer sets next.
            let bare = nextStatus(held());
            if (bare === nextStatus(status)) bare = nextStatus(bare);
            if (ids.every((id) => service.statusOf(id) === bare))
              throw new Error(
                `The tasks already hold ${bare}: the bare PUTs would change nothing.`,
              );
            const t0 = now();
            await barePuts(bare);
            const rate = ids.length / ((now() - t0) / 1000);
            await quiet();
            return rate;
          },
        );
        shares.push({
          layer,
          share: median(samples.app) / median(samples.floor),
          runs: samples.app.length,
        });
      }
      return shares;
    } finally {
      try {
        await outbox.dispose();
      } finally {
        scheduler.dispose();
      }
    }
  } finally {
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}

/** The shares as item 5's note says them, and which were cut short by their cap. */
export const layersNote = (shares: readonly LayerShare[], plan: Plan): string => {
  const client = shares.find((x) => x.layer === 'client');
  const outbox = shares.find((x) => x.layer === 'outbox');
  if (!client || !outbox) return 'the layers were not measured';
  const of = (s: LayerShare) => `${(s.share * 100).toFixed(0)} %`;
  const short = [client, outbox].flatMap((s) => {
    const why = shortOfRuns(s.runs, plan.runs, plan.capMs);
    return why ? [`the ${s.layer}'s share is from ${why}`] : [];
  });
  return (
    `the layers every change passes, in the same run: main's service client alone keeps ${of(client)} of the bare PUTs' pace ` +
    `(request timeouts, answers read within a cap and checked), the outbox with it ${of(outbox)} ` +
    `(each change redacted, written and fsynced before its request leaves); pins, settings and events come on top` +
    short.map((s) => `; ${s}`).join('')
  );
};
