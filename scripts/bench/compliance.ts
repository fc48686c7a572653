import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { serialize } from 'node:v8';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDemoServer } from '../../main/demo/server';
import type { DemoServer } from '../../main/demo/server';
import { COMPLIANCE_FILE } from '../../main/compliance/compliance-file';
import type { SecretStore } from '../../main/secrets';
import { bareBuild, BUILD_READS, LARGE, MEMBER, paceMinimumMs, whenReady } from './assigned';
import { judge } from './budget';
import { startManualSignedIn, virtualCore } from './main-side';
import { myWorkKept, restartedCore } from './my-work-kept';
import type { BudgetSpec } from './budget';
import { repeatInTurns, shortOfRuns } from './repeat';
import { pairedFigure } from './report';
import type { BenchResult, Measurement } from './report';
import { formatFigure } from './table';
import { createVirtualClock } from './virtual-clock';

/** Compliance tasks of the large organization: two for each of its 100 vendors' worth. */
export const COMPLIANCE_TASKS = 200;
const LIST_PATH = '/v1/tasks?includeRelations=true';
/** A task of the sample changed between runs, so each refresh is answered in full (200), not 304. */
const CHANGED_TASK = 'tsk_n4tabletop2exercise';
const CAP_MS = 60_000;

export const REFRESH_BUDGET: BudgetSpec = {
  rule: { kind: 'times-floor', max: 3 },
  why: `A full refresh of the compliance tasks is one request for the whole list (${COMPLIANCE_TASKS} tasks); the floor is the same GET made bare (Node's fetch, the body parsed as JSON), timed in turns in the same run. The ratio is what main adds: its read budget's turn, the bounded read, each task checked and clipped, the list kept and told. Task items' per-entity walk for the same organization (${BUILD_READS} reads) is printed beside it, as information.`,
};

/** The bare GET of the whole list, as any client would make it. */
async function bareList(server: DemoServer): Promise<void> {
  const r = await fetch(`${server.baseUrl}${LIST_PATH}`, {
    headers: { 'X-API-Key': server.keys.full },
  });
  if (!r.ok) throw new Error(`${LIST_PATH} answered ${r.status}.`);
  const body = (await r.json()) as unknown;
  if (!Array.isArray(body) && typeof body !== 'object') throw new Error('The list is no JSON.');
}

/**
 * Item 14: one full refresh of the compliance tasks of an organization of
 * 100 vendors, 100 risks, 1,000 task items and 200 compliance tasks (the
 * popup's ask, main/compliance), against the same GET made bare; beside it,
 * task items' per-entity walk for the same organization, bare.
 */
export const complianceRefresh: Measurement = {
  item: 14,
  id: 'compliance-refresh',
  title: `Compliance tasks: one full refresh (${COMPLIANCE_TASKS} tasks)`,
  async run(ctx): Promise<BenchResult[]> {
    // Main's read budget counts by this clock: a minute passes between runs, as between two opens.
    const clock = createVirtualClock();
    const size = { ...LARGE, complianceTasks: COMPLIANCE_TASKS };
    const server = await startDemoServer({ largeOrganization: size, rateLimit: false });
    const dir = await mkdtemp(join(tmpdir(), 'task-tray-bench-compliance-'));
    const { h, secrets } = virtualCore(dir, clock.scheduler);
    try {
      // Its own rounds would read the list too: the popup's ask alone is timed (item 12: the sync).
      await startManualSignedIn(h, { baseUrl: server.baseUrl, apiKey: server.keys.full });
      let edits = 0;
      const change = async () => {
        edits += 1;
        const r = await fetch(`${server.baseUrl}/v1/tasks/${CHANGED_TASK}`, {
          method: 'PATCH',
          headers: { 'X-API-Key': server.keys.full, 'Content-Type': 'application/json' },
          body: JSON.stringify({ description: `Run the yearly tabletop exercise (${edits}).` }),
        });
        if (!r.ok) throw new Error(`Changing ${CHANGED_TASK} answered ${r.status}.`);
      };
      const plan = { warmup: ctx.warmup, runs: ctx.runs, capMs: CAP_MS };
      const samples = await repeatInTurns(plan, {
        app: async (i) => {
          await change();
          clock.advance(60_000);
          const before = server.requests().length;
          const started = performance.now();
          const answer = await h.call('refreshTasks');
          const ms = performance.now() - started;
          if (!answer.ok) throw new Error(`The refresh failed: ${answer.error.message}`);
          const sent = server
            .requests()
            .slice(before)
            .map((r) => r.url);
          // The options come with the list at connect and hourly: the first run only, at 1 min a run.
          const lists = sent.filter((url) => url === LIST_PATH).length;
          if (lists !== 1 || sent.length - lists > (i === 0 ? 1 : 0))
            throw new Error(`The refresh made these requests: ${sent.join(', ')}; not one list.`);
          h.events.length = 0;
          return ms;
        },
        floor: async () => {
          await change();
          const started = performance.now();
          await bareList(server);
          return performance.now() - started;
        },
        walk: async () => {
          const started = performance.now();
          await bareBuild(server, server.keys.full);
          return performance.now() - started;
        },
      });
      // The view is the person's own: "me" chosen (its gathering, unpaced here, done before the restarts).
      const since = h.events.length;
      const chosen = await h.call('setMe', { memberId: MEMBER });
      if (!chosen.ok) throw new Error(`Could not choose the member: ${chosen.error.message}`);
      await whenReady(h, since);
      await h.core.dispose();
      const kept = await keptCompliance(ctx, server, dir, secrets);
      const drawn = await myWorkKept(ctx, () => restartedCore(dir, secrets));
      const app = pairedFigure('popup’s ask → list read and kept', 'ms', samples.app);
      const floor = pairedFigure('the same GET, bare', 'ms', samples.floor);
      const walk = pairedFigure('per-entity walk, bare', 'ms', samples.walk);
      return [
        {
          item: 14,
          id: 'compliance-refresh',
          title: `Compliance tasks: one full refresh (${COMPLIANCE_TASKS} tasks)`,
          app,
          floor,
          budget: judge(
            REFRESH_BUDGET,
            app,
            floor,
            shortOfRuns(app.summary.runs, ctx.runs, CAP_MS),
          ),
          notes: [
            `one GET ${LIST_PATH} answered in full (a task changed before each run, so never a 304), through refreshTasks with no pins; the sync set to "only when I open"`,
            `task items' per-entity walk for the same organization (${LARGE.vendors} vendors, ${LARGE.risks} risks, ${LARGE.tasks} items): ${BUILD_READS} reads, ${formatFigure(walk)} bare and unpaced, at least ${(paceMinimumMs(BUILD_READS) / 1000).toFixed(0)} s at the app's pace (item 8)`,
          ],
        },
        kept,
        drawn,
      ];
    } finally {
      await h.core.dispose();
      await server.close();
      await rm(dir, { recursive: true, force: true });
    }
  },
};

export const KEPT_COMPLIANCE_BUDGET: BudgetSpec = {
  rule: { kind: 'times-floor', max: 3 },
  why: 'After a restart, the popup asks main for the compliance view and is answered from what was kept (the read that follows is not waited on). The floor is the least any process handing a kept list to a window does: the kept file read, parsed and serialised as IPC would, in turns in the same run.',
};

/**
 * Item 14, its second row: the compliance view shown from what was kept, on
 * a main restarted on the files the refresh left (200 tasks, a member chosen),
 * against the kept file read, parsed and serialised bare.
 */
export async function keptCompliance(
  ctx: { warmup: number; runs: number },
  server: DemoServer,
  dir: string,
  secrets: SecretStore,
): Promise<BenchResult> {
  const file = join(dir, COMPLIANCE_FILE);
  let mine = -1;
  let reads = 0;
  const plan = { warmup: ctx.warmup, runs: ctx.runs, capMs: CAP_MS };
  const samples = await repeatInTurns(plan, {
    app: async () => {
      const h = await restartedCore(dir, secrets);
      try {
        const before = server.requests().length;
        const started = performance.now();
        const view = await h.call('getCompliance');
        const ms = performance.now() - started;
        if (!view.ok) throw new Error(`getCompliance failed: ${view.error.message}`);
        reads = Math.max(reads, server.requests().length - before);
        mine = view.value.tasks.length;
        if (mine === 0) throw new Error('The kept view shows no task of the member.');
        return ms;
      } finally {
        await h.core.dispose();
      }
    },
    floor: async () => {
      const started = performance.now();
      serialize(JSON.parse(await readFile(file, 'utf8')));
      return performance.now() - started;
    },
  });
  const app = pairedFigure('getCompliance → view, kept', 'ms', samples.app);
  const floor = pairedFigure('kept file read, parsed, serialised', 'ms', samples.floor);
  return {
    item: 14,
    id: 'compliance-kept',
    title: 'Compliance tasks: shown from what was kept',
    app,
    floor,
    budget: judge(
      KEPT_COMPLIANCE_BUDGET,
      app,
      floor,
      shortOfRuns(app.summary.runs, ctx.runs, CAP_MS),
    ),
    notes: [
      `main restarted on the kept files each run (${COMPLIANCE_TASKS} compliance tasks kept, ${mine} of them the member's); the first getCompliance of the run timed; up to ${reads} request(s) sent before it answered`,
    ],
  };
}
