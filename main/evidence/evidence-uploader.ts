import type { AppError } from '../../common/result';
import type { Logger } from '../log/logger';
import type { BackoffPolicy } from '../outbox/retry-policy';
import type { Scheduler } from '../scheduler/scheduler';
import type { RequestPacer } from '../service/pacing';
import type { EvidenceClient, ServiceAttachment } from './evidence-client';
import { decideUpload } from './evidence-decision';
import { gaveUp } from './evidence-words';
import type { QueuedFile } from './evidence-store';

/** Who attaches for a profile: a session is its own person; an API key's person is the member chosen. */
export type Attacher =
  { readonly kind: 'session' } | { readonly kind: 'api-key'; readonly memberId: string | null };

/** An upload whose bytes stop moving this long is stopped and tried again (the link went away). */
export const STALL_MS = 60_000;

/**
 * A file the service keeps failing on (a 500, an answer that cannot be
 * read, its copy gone) is given up after this many tries, with the last
 * words, so it never holds up the files queued behind it. Waiting offline
 * or for the rate limit is not failing: those never count.
 */
export const MAX_UPLOAD_TRIES = 6;
const WAITING_KINDS: ReadonlySet<string> = new Set(['network', 'rate_limited', 'not_connected']);

export interface UploaderDeps {
  readonly scheduler: Scheduler;
  readonly pacer: RequestPacer;
  readonly policy: BackoffPolicy;
  readonly random: () => number;
  readonly log: Logger;
  readonly clientFor: (profileId: string) => EvidenceClient | null;
  readonly attacherOf: (profileId: string) => Attacher | null;
  /** The next file that may go now (its account signed in and not held), first attached first. */
  readonly next: () => QueuedFile | null;
  readonly copyPath: (id: string) => string;
  readonly onProgress: (id: string, bytes: number) => void;
  readonly onLanded: (file: QueuedFile, attachment: ServiceAttachment) => Promise<void>;
  readonly onRefused: (file: QueuedFile, error: AppError) => Promise<void>;
  readonly onHeld: (profileId: string, error: AppError) => void;
  /** Sending started or stopped, or a retry was set: the view's states changed. */
  readonly onState: () => void;
}

/**
 * Sends the queue's files one at a time: a token from the route's pacer,
 * who attaches (an API key's member's user id, read once a run), the
 * streamed request, then the decision (evidence-decision.ts) carried out.
 */
export function createUploader(deps: UploaderDeps) {
  let running: Promise<void> | null = null;
  let sending: string | null = null;
  let failures = 0;
  const tries = new Map<string, number>();
  let cancelRetry: (() => void) | null = null;
  let stopped = false;
  let abort: AbortController | null = null;
  const userIds = new Map<string, string>();

  /** The user id to send with an API key; null for a session; an error when it cannot be known. */
  const userIdFor = async (file: QueuedFile, client: EvidenceClient) => {
    const who = deps.attacherOf(file.profileId);
    if (!who || who.kind === 'session' || !file.memberId)
      return { ok: true as const, value: undefined };
    const known = userIds.get(`${file.profileId} ${file.memberId}`);
    if (known) return { ok: true as const, value: known };
    const read = await client.userIdOf(file.memberId);
    if (!read.ok) return read;
    if (!read.value)
      return {
        ok: false as const,
        error: {
          kind: 'invalid' as const,
          message: `The member who attached “${file.name}” is no longer in this organization, so the service would not know who attached it.`,
        },
      };
    userIds.set(`${file.profileId} ${file.memberId}`, read.value);
    return { ok: true as const, value: read.value };
  };

  /** Stops the request when no byte has gone out for STALL_MS (until the last byte is out). */
  const watch = (controller: AbortController, size: number) => {
    let last = deps.scheduler.now();
    let done = false;
    let cancel: () => void = () => undefined;
    const arm = (ms: number) => {
      cancel = deps.scheduler.after(
        ms,
        () => {
          const idle = deps.scheduler.now() - last;
          if (done) return;
          if (idle >= STALL_MS)
            controller.abort(new DOMException('The upload stopped moving.', 'TimeoutError'));
          else arm(STALL_MS - idle);
        },
        'evidence stall',
      );
    };
    arm(STALL_MS);
    return {
      moved(bytes: number) {
        last = deps.scheduler.now();
        if (bytes >= size) {
          done = true;
          cancel();
        }
      },
      stop() {
        done = true;
        cancel();
      },
    };
  };

  async function sendOne(file: QueuedFile, client: EvidenceClient): Promise<'next' | 'stop'> {
    if (!(await deps.pacer.acquire()) || stopped) return 'stop';
    sending = file.id;
    deps.onState();
    const controller = new AbortController();
    abort = controller;
    const watchdog = watch(controller, file.size);
    let answer;
    try {
      const userId = await userIdFor(file, client);
      answer = !userId.ok
        ? userId
        : await client.attach({
            taskId: file.taskId,
            path: deps.copyPath(file.id),
            size: file.size,
            fields: {
              fileName: file.name,
              fileType: file.mime,
              ...(file.description ? { description: file.description } : {}),
              ...(userId.value ? { userId: userId.value } : {}),
            },
            onProgress: (bytes) => {
              watchdog.moved(bytes);
              deps.onProgress(file.id, bytes);
            },
            signal: controller.signal,
          });
    } finally {
      watchdog.stop();
      abort = null;
      sending = null;
    }
    // Quitting stopped it: the file stays queued for the next start, nothing is decided.
    if (stopped) return 'stop';
    const decision = decideUpload(answer, failures, deps.policy, deps.random);
    switch (decision.kind) {
      case 'landed':
        failures = 0;
        tries.delete(file.id);
        await deps.onLanded(file, decision.value);
        return 'next';
      case 'refused':
        failures = 0;
        tries.delete(file.id);
        await deps.onRefused(file, decision.error);
        return 'next';
      case 'hold':
        deps.onHeld(file.profileId, decision.error);
        return 'next';
      case 'retry': {
        const tried = WAITING_KINDS.has(decision.error.kind) ? 0 : (tries.get(file.id) ?? 0) + 1;
        if (tried >= MAX_UPLOAD_TRIES) {
          failures = 0;
          tries.delete(file.id);
          await deps.onRefused(file, gaveUp(file.name, tried, decision.error));
          return 'next';
        }
        if (tried > 0) tries.set(file.id, tried);
        failures += 1;
        if (decision.holdAll) deps.pacer.holdUntil(deps.scheduler.now() + decision.delayMs);
        deps.log.info(
          `An evidence upload will be tried again in ${Math.ceil(decision.delayMs / 1000)} s (${decision.error.kind})`,
        );
        cancelRetry = deps.scheduler.after(
          decision.delayMs,
          () => {
            cancelRetry = null;
            pump();
          },
          'evidence retry',
        );
        deps.onState();
        return 'stop';
      }
    }
  }

  async function run(): Promise<void> {
    while (!stopped && !cancelRetry) {
      const file = deps.next();
      const client = file ? deps.clientFor(file.profileId) : null;
      if (!file || !client) return;
      if ((await sendOne(file, client)) === 'stop') return;
    }
  }

  /** Asked to go while a run was ending: it looks again once that run is over. */
  let again = false;
  function pump(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = run()
      .catch((e: unknown) => deps.log.error('Sending evidence failed', e))
      .finally(() => {
        running = null;
        deps.onState();
        if (again) pump();
      });
  }

  return {
    pump,
    sendingId: () => sending,
    retryNow(): void {
      cancelRetry?.();
      cancelRetry = null;
      pump();
    },
    idle: async (): Promise<void> => {
      while (running) await running;
    },
    async dispose(): Promise<void> {
      stopped = true;
      cancelRetry?.();
      cancelRetry = null;
      abort?.abort(new DOMException('Task Tray is quitting.', 'AbortError'));
      while (running) await running;
    },
  };
}
