import type {
  EvidenceAttachAnswer,
  EvidenceRefusal,
  EvidenceUploadsView,
} from '../../common/evidence';
import type { AppError, Result } from '../../common/result';
import { appError, err, ok } from '../../common/result';
import type { Logger } from '../log/logger';
import type { BackoffPolicy } from '../outbox/retry-policy';
import { DEFAULT_BACKOFF } from '../outbox/retry-policy';
import type { Scheduler } from '../scheduler/scheduler';
import type { RequestPacer } from '../service/pacing';
import { createRequestPacer } from '../service/pacing';
import type { EvidenceClient, ServiceAttachment } from './evidence-client';
import { createEvidenceProgress } from './evidence-progress';
import type { EvidenceStore, QueuedFile } from './evidence-store';
import { takeIn } from './evidence-intake';
import type { MadeFile } from './evidence-intake';
import { oneAtATime } from '../lib/one-at-a-time';
import { COPY_LOST, NO_ONE_CHOSEN } from './evidence-words';
import { createUploader } from './evidence-uploader';
import type { Attacher } from './evidence-uploader';

export type { Attacher };

export interface EvidenceQueueDeps {
  readonly store: EvidenceStore;
  readonly scheduler: Scheduler;
  /** The attach route's own budget (the service counts 100 a minute per route); one is made if absent. */
  readonly pacer?: RequestPacer;
  /** The client for a profile's uploads; null while it is not signed in (its files wait). */
  readonly clientFor: (profileId: string) => EvidenceClient | null;
  readonly attacherOf: (profileId: string) => Attacher | null;
  /** The account shown: the view is of its uploads only. */
  readonly shownProfile: () => string | null;
  readonly onChange: (view: EvidenceUploadsView) => void;
  readonly log: Logger;
  readonly backoff?: BackoffPolicy;
  readonly random?: () => number;
  readonly now?: () => Date;
}

/** Refusals kept for the popup, newest last. */
const MAX_REFUSALS = 20;
/** Attachments landed from here, remembered this run for the list's size and who. */
const MAX_LANDED = 500;

/**
 * The durable queue of evidence: one upload at a time (a file of 100 MB
 * takes the link; memory stays one chunk), in the order attached, each
 * paced, retried with backoff, given up with the service's words when
 * refused. Its own lane beside the outbox: attachments do not merge, carry
 * a file, report progress, and a 403 here stops only attaching.
 */
export function createEvidenceQueue(deps: EvidenceQueueDeps) {
  const now = deps.now ?? (() => new Date());
  const pacer = deps.pacer ?? createRequestPacer({ limit: 30, windowMs: 60_000 }, deps.scheduler);
  const progress = createEvidenceProgress();
  let files: QueuedFile[] = [];
  let refusals: (EvidenceRefusal & { readonly profileId: string })[] = [];
  const landed = new Map<string, { size: number; by: string }>();
  /** Profiles whose credentials were refused (401): their files wait for a reconnect. */
  const held = new Set<string>();
  let saving: Promise<unknown> = Promise.resolve();

  const waitingBytes = () => files.reduce((n, f) => n + f.size, 0);
  const view = (): EvidenceUploadsView => {
    const shown = deps.shownProfile();
    return {
      tasks: progress.view(files, shown, uploader.sendingId()),
      refusals: refusals.filter((r) => r.profileId === shown).map(({ profileId: _p, ...r }) => r),
      waitingBytes: files.filter((f) => f.profileId === shown).reduce((n, f) => n + f.size, 0),
    };
  };
  const changed = () => deps.onChange(view());

  /** The list is written one save at a time, each with the whole list as it is then. */
  const save = (): Promise<Result<null>> => {
    const next = saving.then(() => deps.store.save(files));
    saving = next.catch(() => undefined);
    return next;
  };

  const refuse = (file: QueuedFile, message: string) => {
    refusals = [
      ...refusals,
      { id: file.id, profileId: file.profileId, taskId: file.taskId, name: file.name, message },
    ].slice(-MAX_REFUSALS);
  };

  /** A file leaves: landed or given up. The view says so once the list no longer names it and its copy is gone. */
  const leave = async (
    file: QueuedFile,
    error: AppError | null,
    attachment: ServiceAttachment | null,
  ) => {
    files = files.filter((f) => f.id !== file.id);
    progress.left(file);
    if (error) refuse(file, error.message);
    if (attachment) {
      landed.set(attachment.id, { size: file.size, by: 'you' });
      if (landed.size > MAX_LANDED) landed.delete(landed.keys().next().value as string);
    }
    const written = await save();
    // A copy stays while the list still names it: the next start sends it rather than losing it.
    if (written.ok) await deps.store.drop(file.id);
    else
      deps.log.warn(
        'The list of evidence waiting to upload could not be written',
        written.error.message,
      );
    changed();
  };

  const uploader = createUploader({
    ...deps,
    pacer,
    policy: deps.backoff ?? DEFAULT_BACKOFF,
    random: deps.random ?? Math.random,
    next: () =>
      files.find((f) => !held.has(f.profileId) && deps.clientFor(f.profileId) !== null) ?? null,
    copyPath: (id) => deps.store.copyPath(id),
    onProgress: (id, bytes) => {
      progress.progressed(id, bytes);
      changed();
    },
    onLanded: (file, attachment) => leave(file, null, attachment),
    onRefused: (file, error) => {
      deps.log.warn(`An evidence file for ${file.taskId} was refused and given up (${error.kind})`);
      return leave(file, error, null);
    },
    onHeld: (profileId, error) => {
      held.add(profileId);
      deps.log.warn(`Evidence uploads of an account wait until it reconnects (${error.kind})`);
      changed();
    },
    onState: changed,
  });

  const inTurn = oneAtATime();
  /** attach, once the intake before it is over. */
  async function attachInTurn(a: {
    profileId: string;
    taskId: string;
    paths: readonly string[];
    who: Attacher;
    description: string | undefined;
    made: readonly MadeFile[] | undefined;
  }): Promise<Result<EvidenceAttachAnswer>> {
    const { profileId, taskId, paths, who, description, made } = a;
    const intake = await takeIn(
      deps.store,
      {
        profileId,
        taskId,
        paths,
        ...(made ? { made } : {}),
        ...(description ? { description } : {}),
        ...(who.kind === 'api-key' && who.memberId ? { memberId: who.memberId } : {}),
      },
      waitingBytes(),
      now,
    );
    if (intake.added.length > 0) {
      files = [...files, ...intake.added];
      const written = await save();
      if (!written.ok) {
        files = files.filter((f) => !intake.added.includes(f));
        for (const f of intake.added) await deps.store.drop(f.id);
        return err(
          appError(
            'internal',
            `Nothing was queued: the list of evidence could not be written (${written.error.message}).`,
          ),
        );
      }
    }
    refusals = refusals.filter((r) => r.taskId !== taskId || r.profileId !== profileId);
    changed();
    uploader.pump();
    const shown = progress
      .view(files, profileId, uploader.sendingId())
      .find((t) => t.taskId === taskId);
    return ok({
      queued: (shown?.files ?? []).filter((u) => intake.added.some((f) => f.id === u.id)),
      refused: intake.refused,
    });
  }

  return {
    /** The list the last run left: its files go once their account is signed in (refresh()). */
    async load(): Promise<AppError | null> {
      const loaded = await deps.store.load();
      files = [...loaded.files, ...files.filter((f) => !loaded.files.some((l) => l.id === f.id))];
      for (const f of loaded.lost) refuse(f, COPY_LOST(f.name));
      if (loaded.lost.length > 0) await save();
      return loaded.problem;
    },

    /**
     * Checks and copies each file, lists them durably, then answers: every
     * file queued is safe to delete from where it was. Sending starts after.
     * `made`: files made here (a capture), kept and checked the same way.
     */
    async attach(
      profileId: string,
      taskId: string,
      paths: readonly string[],
      description?: string,
      made?: readonly MadeFile[],
    ): Promise<Result<EvidenceAttachAnswer>> {
      const who = deps.attacherOf(profileId);
      if (!who) return err(appError('unauthorized', 'Sign in to attach evidence.'));
      if (who.kind === 'api-key' && !who.memberId) return err(appError('bad_input', NO_ONE_CHOSEN));
      // One intake at a time: each reads the bytes waiting once the one before has added its
      // files, so two drops made at once cannot both pass the cap.
      return inTurn(() => attachInTurn({ profileId, taskId, paths, who, description, made }));
    },

    view,
    /** Size and who of an attachment landed from here this run (the service's list has neither). */
    landedHere: (attachmentId: string) => landed.get(attachmentId) ?? null,
    dismissRefusal(id: string): void {
      refusals = refusals.filter((r) => r.id !== id);
      changed();
    },
    /** Files of every profile still to send: kept on disk until they land or are refused. */
    waiting: () => files.length,
    /** The account is signed in again, or the network is back: send now, not after the backoff. */
    retryNow(profileId?: string): void {
      if (profileId) held.delete(profileId);
      else held.clear();
      uploader.retryNow();
    },
    /** The shown account changed: start what may send, and show its uploads. */
    refresh(): void {
      changed();
      uploader.pump();
    },
    /** Resolves once no upload is on the wire and the list is written. */
    async quiet(): Promise<void> {
      await uploader.idle();
      await saving;
    },
    /** Quitting: an upload on the wire is stopped (its file stays queued for next time), no timer left. */
    async dispose(): Promise<void> {
      pacer.dispose();
      await uploader.dispose();
      await saving;
    },
  };
}

export type EvidenceQueue = ReturnType<typeof createEvidenceQueue>;
