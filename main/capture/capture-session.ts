import { randomUUID } from 'node:crypto';
import type {
  CaptureChoices,
  CaptureRegion,
  CaptureSource,
  CaptureTaken,
} from '../../common/capture';
import {
  CAPTURE_PREVIEW_SIDE,
  CAPTURE_THUMBNAIL_SIDE,
  MAX_CAPTURE_SOURCES,
} from '../../common/capture';
import { clip } from '../../common/bounds';
import { displayText } from '../../common/display-text';
import type { EvidenceAttachAnswer } from '../../common/evidence';
import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import type { MadeFile } from '../evidence/evidence-intake';
import {
  afterListing,
  captureFileName,
  fitWithin,
  permissionStep,
  regionPixels,
  sourceKind,
  taskChoices,
} from './capture-decision';
import type { CaptureImage, CapturePort } from './capture-port';
import { blockWords, captureWords } from './capture-words';
import type { LastTasks } from './last-task';

interface TaskLike {
  readonly id: string;
  readonly title: string;
  readonly status: string;
}

export interface CaptureSessionDeps {
  /** The OS's screen; null where there is none to capture (then the chooser says so). */
  readonly port: CapturePort | null;
  readonly shownProfile: () => string | null;
  /** The shown account's compliance tasks: the person's own in order, and the pinned ones. */
  readonly tasks: () => {
    readonly mine: readonly TaskLike[];
    readonly pinned: readonly TaskLike[];
  };
  readonly lastTasks: LastTasks;
  /** Into the evidence queue, as a file made here (evidence-queue.ts). */
  readonly attach: (
    profileId: string,
    taskId: string,
    file: MadeFile,
    description?: string,
  ) => Promise<Result<EvidenceAttachAnswer>>;
  readonly now?: () => Date;
}

/** The capture shown and not yet sent: one at a time, in memory only, never logged. */
interface Kept {
  readonly id: string;
  readonly profileId: string;
  readonly name: string;
  readonly image: CaptureImage;
  readonly png: Uint8Array;
}

const refuse = (message: string) => err(appError('bad_input', message));
const MAX_SOURCE_NAME = 200;
/** The OS's reason, short: said to the person, never logged with the capture. */
const reason = (e: unknown) =>
  clip(e instanceof Error ? e.message : String(e), 200).replace(/\.$/, '');

/**
 * A capture from choosing to sending: the sources to choose from (or why
 * not), the capture kept in memory and shown, then sent to a task or
 * forgotten. What is decided is capture-decision.ts's; the OS is the port's.
 */
export function createCaptureSession(deps: CaptureSessionDeps) {
  const now = deps.now ?? (() => new Date());
  let kept: Kept | null = null;

  const source = (s: { id: string; name: string; thumbnail: CaptureImage }): CaptureSource => ({
    id: s.id,
    kind: sourceKind(s.id),
    name: clip(displayText(s.name).trim(), MAX_SOURCE_NAME) || 'Untitled window',
    thumbnail: s.thumbnail.isEmpty() ? null : s.thumbnail.toDataURL(),
  });

  async function choices(asked: boolean): Promise<Result<CaptureChoices>> {
    const { port } = deps;
    if (!port)
      return ok({ kind: 'blocked', block: { kind: 'unavailable', ...blockWords.unavailable } });
    if (!deps.shownProfile())
      return ok({ kind: 'blocked', block: { kind: 'signed-out', ...blockWords['signed-out'] } });
    const step = permissionStep(port.permission(), asked);
    if (!step.go) return ok({ kind: 'blocked', block: step.block });
    const side = CAPTURE_THUMBNAIL_SIDE;
    let found: Awaited<ReturnType<CapturePort['sources']>>;
    try {
      found = await port.sources({ width: side, height: side });
    } catch (e) {
      return err(appError('internal', captureWords.notListed(reason(e))));
    }
    const listed = found.map(source);
    const screens = listed.filter((s) => s.kind === 'screen').slice(0, MAX_CAPTURE_SOURCES);
    const windows = listed.filter((s) => s.kind === 'window').slice(0, MAX_CAPTURE_SOURCES);
    const blocked = afterListing(port.permission(), screens.length);
    return ok(
      blocked ? { kind: 'blocked', block: blocked } : { kind: 'sources', screens, windows },
    );
  }

  async function take(sourceId: string): Promise<Result<CaptureTaken>> {
    const profileId = deps.shownProfile();
    if (!deps.port) return err(appError('internal', captureWords.notAvailable));
    if (!profileId) return err(appError('unauthorized', blockWords['signed-out'].body));
    kept = null; // A new capture replaces the one before: one picture in memory at most.
    let image: CaptureImage | null;
    try {
      image = await deps.port.grab(sourceId);
    } catch (e) {
      return err(appError('internal', captureWords.failed(reason(e))));
    }
    if (!image) return refuse(captureWords.gone);
    if (image.isEmpty()) return refuse(captureWords.empty);
    const size = image.getSize();
    const png = image.toPNG();
    const id = randomUUID();
    kept = { id, profileId, name: captureFileName(now()), image, png };
    const { mine, pinned } = deps.tasks();
    const picked = taskChoices(mine, pinned, await deps.lastTasks.of(profileId));
    return ok({
      id,
      name: kept.name,
      ...size,
      size: png.length,
      preview: image.resize(fitWithin(size, CAPTURE_PREVIEW_SIDE)).toDataURL(),
      ...picked,
    });
  }

  async function send(input: {
    readonly id: string;
    readonly taskId: string;
    readonly description?: string | undefined;
    readonly region?: CaptureRegion | undefined;
  }): Promise<Result<EvidenceAttachAnswer>> {
    const k = kept;
    if (!k || k.id !== input.id || k.profileId !== deps.shownProfile())
      return refuse(captureWords.notKept);
    let bytes = k.png;
    if (input.region) {
      const rect = regionPixels(input.region, k.image.getSize());
      if (!rect) return refuse(captureWords.regionTooSmall);
      bytes = k.image.crop(rect).toPNG();
    }
    const description = input.description?.trim();
    const answer = await deps.attach(
      k.profileId,
      input.taskId,
      { name: k.name, bytes },
      ...(description ? [description] : []),
    );
    // Kept on a refusal, so the person can choose another task or fix what was said and send again.
    if (answer.ok && answer.value.queued.length > 0) {
      if (kept === k) kept = null;
      await deps.lastTasks.set(k.profileId, input.taskId);
    }
    return answer;
  }

  return {
    choices,
    take,
    send,
    cancel(id: string): void {
      if (kept?.id === id) kept = null;
    },
    /** The shown account changed: its capture goes, unsent. */
    forget(): void {
      kept = null;
    },
    openSettings: async (): Promise<Result<null>> => {
      if (!deps.port) return err(appError('internal', captureWords.notAvailable));
      await deps.port.openSettings();
      return ok(null);
    },
  };
}

export type CaptureSession = ReturnType<typeof createCaptureSession>;
