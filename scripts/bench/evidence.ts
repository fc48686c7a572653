import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { MAX_EVIDENCE_BYTES } from '../../common/evidence';
import { createMemorySecretStore } from '../../main/secrets';
import { createCoreHarness } from '../../test/helpers/app-core';
import { EVIDENCE_TASK, MAYA, png, whenNoneWaiting } from '../../test/helpers/evidence-app';
import { judge } from './budget';
import type { BudgetSpec } from './budget';
import { repeatInTurns, shortOfRuns, within } from './repeat';
import { pairedFigure } from './report';
import type { BenchResult, Measurement } from './report';
import { formatFigure } from './table';

const MB = 1024 * 1024;
/** Each run sends 100 MB twice (app and bare) and the service keeps both: a few runs, not twenty. */
const RUNS = 4;
const WARMUP = 1;
const CAP_MS = 180_000;

export const UPLOAD_TIME_BUDGET: BudgetSpec = {
  rule: { kind: 'times-floor', max: 3 },
  why: 'A 100 MB file attached through the app (checked, copied into the app’s data folder and fsynced, listed, then its JSON body streamed with the base64 made a chunk at a time, paced and watched) until it has landed, against the same body sent by a bare fetch made in memory beforehand, in turns in the same run.',
};

export const UPLOAD_MEMORY_BUDGET: BudgetSpec = {
  rule: { kind: 'times-floor', max: 0.5 },
  why: 'Main must not hold an upload in memory: its peak above idle while a 100 MB file goes is under half the file. A bare fetch of the body holds the file, its base64 and the JSON at once; the floor is the file’s own size.',
};

/** The service in its own process, so its copy of each upload is not counted as the app's. */
async function startService(): Promise<{
  child: ChildProcess;
  baseUrl: string;
  key: string;
  held: () => Promise<{ count: number; bytes: number }>;
}> {
  const child = fork(join(__dirname, 'evidence-service.ts'), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const [ready] = (await within(
    30_000,
    'The service process starting',
    once(child, 'message'),
  )) as [{ baseUrl: string; key: string }];
  return {
    child,
    ...ready,
    held: async () => {
      child.send({ attachments: EVIDENCE_TASK });
      const [answer] = await once(child, 'message');
      return answer as { count: number; bytes: number };
    },
  };
}

/** What main holds: its JS heap and the memory of its buffers, garbage not yet collected included. */
const held = (): number => {
  const m = process.memoryUsage();
  // external includes the ArrayBuffers.
  return m.heapUsed + m.external;
};

/**
 * Main's memory sampled every 2 ms while `work` runs: its peak above the
 * level after a full GC just before, and the resident size's (information:
 * the allocator keeps pages the bare run freed, so it reads low or high).
 */
async function peakAbove(work: () => Promise<void>): Promise<{ held: number; rss: number }> {
  const gc = runInNewContext('gc') as () => void;
  // Buffers are freed after a GC, not during it: twice, with a pause for that, before the level is read.
  for (let i = 0; i < 2; i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const idle = { held: held(), rss: process.memoryUsage.rss() };
  const peak = { ...idle };
  const look = () => {
    peak.held = Math.max(peak.held, held());
    peak.rss = Math.max(peak.rss, process.memoryUsage.rss());
  };
  const sample = setInterval(look, 2);
  try {
    await work();
  } finally {
    clearInterval(sample);
    look();
  }
  return { held: peak.held - idle.held, rss: Math.max(0, peak.rss - idle.rss) };
}

/**
 * Item 15: a 100 MB file attached to a compliance task through main's upload
 * path to the reference service over loopback: the time until it has landed
 * against a bare fetch of the same body, and main's peak memory above idle.
 */
export const evidenceUpload: Measurement = {
  item: 15,
  id: 'evidence-upload',
  title: 'Evidence: a 100 MB file uploaded',
  async run(ctx): Promise<BenchResult[]> {
    setFlagsFromString('--expose-gc');
    const service = await startService();
    const dir = await mkdtemp(join(tmpdir(), 'task-tray-bench-evidence-'));
    const file = join(dir, 'recording.png');
    const bytes = png(MAX_EVIDENCE_BYTES);
    await writeFile(file, bytes);
    const h = createCoreHarness(join(dir, 'data'), 'unused: memory secret store', {
      secrets: createMemorySecretStore(),
      timeoutMs: undefined,
    });
    try {
      await h.core.start();
      const connected = await h.call('connectApiKey', {
        baseUrl: service.baseUrl,
        apiKey: service.key,
      });
      if (!connected.ok) throw new Error(`Could not sign in: ${connected.error.message}`);
      const chosen = await h.call('setMe', { memberId: MAYA });
      if (!chosen.ok) throw new Error(`Could not choose the member: ${chosen.error.message}`);
      const memory: number[] = [];
      const rss: number[] = [];
      const plan = {
        warmup: Math.min(ctx.warmup, WARMUP),
        runs: Math.min(ctx.runs, RUNS),
        capMs: CAP_MS,
      };
      let landed = 0;
      /** One upload through main, checked on the service: its time to land. */
      const upload = async (): Promise<number> => {
        const started = performance.now();
        const answer = await h.call('attachEvidence', { taskId: EVIDENCE_TASK, paths: [file] });
        if (!answer.ok || answer.value.queued.length !== 1)
          throw new Error(`The file was not queued: ${JSON.stringify(answer)}`);
        await within(120_000, 'The upload landing', whenNoneWaiting(h));
        const ms = performance.now() - started;
        const there = await service.held();
        if (there.count !== ++landed || there.bytes !== MAX_EVIDENCE_BYTES)
          throw new Error(
            `The service holds ${there.count} files, the last of ${there.bytes} bytes.`,
          );
        h.events.length = 0;
        return ms;
      };
      // Memory first, before any bare run: what a bare run leaves is freed later, inside a measurement.
      for (let i = 0; i < plan.warmup + plan.runs; i++) {
        const peak = await peakAbove(async () => void (await upload()));
        if (i < plan.warmup) continue;
        memory.push(peak.held / MB);
        rss.push(peak.rss / MB);
      }
      const samples = await repeatInTurns(plan, {
        app: upload,
        floor: async () => {
          const body = JSON.stringify({
            fileName: 'recording.png',
            fileType: 'image/png',
            userId: 'usr_m2c8a1yq4w',
            fileData: bytes.toString('base64'),
          });
          const started = performance.now();
          const r = await fetch(`${service.baseUrl}/v1/tasks/${EVIDENCE_TASK}/attachments`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'X-API-Key': service.key },
            body,
          });
          await r.arrayBuffer();
          if (r.status !== 201) throw new Error(`The bare upload answered ${r.status}.`);
          landed += 1;
          return performance.now() - started;
        },
      });
      const short = shortOfRuns(samples.app.length, plan.runs, CAP_MS);
      const app = pairedFigure('attach → landed', 'ms', samples.app);
      const floor = pairedFigure('the same body, bare fetch', 'ms', samples.floor);
      const peak = pairedFigure('main’s peak above idle', 'MB', memory);
      const size = pairedFigure(
        'the file’s size',
        'MB',
        memory.map(() => MAX_EVIDENCE_BYTES / MB),
      );
      const note = `${plan.runs} runs after ${plan.warmup} warm-up (each sends 100 MB twice; the service, in a process of its own, keeps every file)`;
      return [
        {
          item: 15,
          id: 'evidence-upload-time',
          title: 'Evidence: 100 MB attached → landed',
          app,
          floor,
          budget: judge(UPLOAD_TIME_BUDGET, app, floor, short),
          notes: [
            note,
            'timed from attachEvidence to the view with nothing waiting: the copy into the app’s data folder (fsynced) included',
          ],
        },
        {
          item: 15,
          id: 'evidence-upload-memory',
          title: 'Evidence: main’s memory while 100 MB uploads',
          app: peak,
          floor: size,
          budget: judge(UPLOAD_MEMORY_BUDGET, peak, size, short),
          notes: [
            note,
            `main's JS heap and external memory (its buffers) in the bench's process (main's core; the service runs in its own), sampled every 2 ms during uploads made before any bare one, the peak less the level after a full GC just before; the resident size's peak above it, as information: ${formatFigure(pairedFigure('rss', 'MB', rss))}`,
          ],
        },
      ];
    } finally {
      await h.core.dispose();
      service.child.disconnect();
      await rm(dir, { recursive: true, force: true });
    }
  },
};
