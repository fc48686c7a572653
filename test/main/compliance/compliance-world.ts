import { join } from 'node:path';
import { createComplianceFile } from '../../../main/compliance/compliance-file';
import { createComplianceKeeper } from '../../../main/compliance/compliance-kept';
import type { ComplianceKeeper } from '../../../main/compliance/compliance-kept';
import { createComplianceReads } from '../../../main/compliance/compliance-reads';
import type { DemoServer } from '../../../main/demo/server';
import { createLogger } from '../../../main/log/logger';
import { createReadBudgets } from '../../../main/reads/read-budgets';
import type { Scheduler } from '../../../main/scheduler/scheduler';
import { createServiceClient } from '../../../main/service/client';
import type { ServiceAuth } from '../../../main/service/client';
import { createComplianceClient } from '../../../main/service/compliance-client';
import { manualClock } from '../../helpers/manual-clock';

export const PROFILE = 'prof_compliance';
export const MIN = 60_000;

/** A request the room sent: its path and query, and the status it was answered with. */
export interface Seen {
  readonly path: string;
  readonly status: number;
  readonly bytes: number;
}

/**
 * The compliance room alone (kept lists, their file, the reads) over the
 * reference service on loopback, on a clock the test moves: what it sends,
 * what it keeps, what it tells and logs.
 */
export async function complianceWorld(server: DemoServer, dir: string, auth: ServiceAuth) {
  const clock = manualClock();
  const scheduler: Scheduler = {
    ...clock,
    stats: () => ({
      pending: clock.pending,
      pendingByLabel: {},
      scheduled: 0,
      fired: 0,
      cancelled: 0,
      firedByLabel: {},
    }),
    dispose: () => undefined,
  };
  const seen: Seen[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const response = await globalThis.fetch(input, init);
    const body = await response.arrayBuffer();
    const url = new URL(input instanceof Request ? input.url : String(input));
    seen.push({ path: url.pathname + url.search, status: response.status, bytes: body.byteLength });
    return new Response(response.status === 304 ? null : body, {
      status: response.status,
      headers: response.headers,
    });
  };
  const logs: string[] = [];
  const log = createLogger(
    (_level, line) => logs.push(line),
    () => [],
  );
  const options = { baseUrl: server.baseUrl, auth, fetch };
  const account = {
    client: createServiceClient(options),
    compliance: createComplianceClient(options),
  };
  let signedIn = true;
  /** The person's changes on the wire: background reads wait for this. */
  let quiet: Promise<void> = Promise.resolve();
  const told: string[] = [];
  const availability: string[] = [];
  const filePath = join(dir, 'compliance.json');
  const keeperOf = (): ComplianceKeeper =>
    createComplianceKeeper(createComplianceFile({ filePath, onProblem: (m) => log.warn(m) }));
  const keeper = keeperOf();
  await keeper.load();
  keeper.on((id) => told.push(id));
  const reads = createComplianceReads({
    keeper,
    account: (id) => (id === PROFILE && signedIn ? account : null),
    budgets: createReadBudgets(scheduler),
    quiet: () => quiet,
    scheduler,
    log,
    onAvailability: (id) => availability.push(`${id} ${reads.availability(id)}`),
  });
  return {
    clock,
    seen,
    logs,
    told,
    availability,
    keeper,
    reads,
    account,
    filePath,
    keeperOf,
    /** A background sync round's read. */
    round: () => reads.syncRound(PROFILE, account.client),
    signOut: () => void (signedIn = false),
    /** A change of the person's goes out and holds background reads until `release`. */
    changeOnTheWire(): () => void {
      let release = () => {};
      quiet = new Promise((resolve) => (release = resolve));
      return () => {
        quiet = Promise.resolve();
        release();
      };
    },
    /** Requests to the compliance routes only. */
    tasksCalls: () => seen.filter((s) => s.path.startsWith('/v1/tasks')),
  };
}
export type ComplianceWorld = Awaited<ReturnType<typeof complianceWorld>>;

/** A compliance task changed elsewhere: with another key of the same organization. */
export async function changedElsewhere(
  server: DemoServer,
  taskId: string,
  patch: Record<string, unknown>,
): Promise<void> {
  const r = await globalThis.fetch(`${server.baseUrl}/v1/tasks/${taskId}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', 'x-api-key': server.keys.colleague },
    body: JSON.stringify(patch),
  });
  if (!r.ok) throw new Error(`The change elsewhere was refused: ${r.status} ${await r.text()}`);
}
