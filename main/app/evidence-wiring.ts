import type { EvidenceItem, EvidenceList } from '../../common/evidence';
import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import type { AccountService } from '../accounts/account-service';
import { authFor } from '../accounts/credential';
import type { ActiveAccount } from '../accounts/signed-in-accounts';
import { createEvidenceClient } from '../evidence/evidence-client';
import type { EvidenceClient } from '../evidence/evidence-client';
import { createEvidenceQueue } from '../evidence/evidence-queue';
import { createEvidenceStore } from '../evidence/evidence-store';
import { attachPasted } from '../evidence/evidence-paste';
import { screenPaths } from '../evidence/path-policy';
import { pasteWords } from '../evidence/clipboard-evidence';
import type { Handlers } from '../ipc/handlers';
import type { Logger } from '../log/logger';
import type { Scheduler } from '../scheduler/scheduler';
import type { ServiceClient } from '../service/client';
import type { ActiveProfiles } from './active-profile';
import type { AppCoreOptions } from './core-options';
import type { createEvents } from './events';

type AppEvents = ReturnType<typeof createEvents>;

export interface AppEvidenceDeps {
  readonly opts: Pick<
    AppCoreOptions,
    'userDataDir' | 'fetch' | 'timeoutMs' | 'openExternal' | 'outbox' | 'readClipboardEvidence'
  >;
  readonly accounts: Pick<AccountService, 'active' | 'signedIn'>;
  readonly profiles: Pick<ActiveProfiles, 'saved'>;
  readonly scheduler: Scheduler;
  readonly log: Logger;
  readonly events: Pick<AppEvents, 'emit' | 'on'>;
  /** The secret guard, for the list of files waiting (queue.json). */
  readonly redact: <T>(value: T) => T;
}

export type EvidenceHandlers = Pick<
  Handlers,
  | 'attachEvidence'
  | 'listEvidence'
  | 'openEvidence'
  | 'getEvidenceUploads'
  | 'dismissEvidenceRefusal'
  | 'pasteEvidence'
>;

/** Download links are presigned for 15 minutes: one older than this is read again before it is opened. */
const LINK_FRESH_MS = 10 * 60_000;
const MAX_LINKS = 500;
const NOT_SIGNED_IN = () => err(appError('unauthorized', 'Sign in to see and attach evidence.'));

/**
 * Evidence on compliance tasks (main/evidence/) wired to the accounts: each
 * profile's uploads go with its own credentials, the person attaching is the
 * session's or, with a key, the member chosen in "Assigned to me"; the
 * handlers of the IPC contract's evidence methods.
 */
export function createAppEvidence(deps: AppEvidenceDeps) {
  const { accounts, opts } = deps;
  const clients = new WeakMap<ServiceClient, EvidenceClient>();
  const accountOf = (profileId: string): ActiveAccount | null => {
    const shown = accounts.active();
    return shown?.profile.id === profileId ? shown : (accounts.signedIn(profileId) ?? null);
  };
  const clientOf = (a: ActiveAccount): EvidenceClient => {
    let c = clients.get(a.client);
    if (!c) {
      const { baseUrl, authKind, organizationId } = a.profile;
      c = createEvidenceClient({
        baseUrl,
        auth: authFor({ baseUrl, authKind, organizationId, secret: a.secret }),
        fetch: opts.fetch,
        timeoutMs: opts.timeoutMs ?? 15_000,
      });
      clients.set(a.client, c);
    }
    return c;
  };
  const queue = createEvidenceQueue({
    store: createEvidenceStore(opts.userDataDir, deps.redact),
    scheduler: deps.scheduler,
    clientFor: (profileId) => {
      const a = accountOf(profileId);
      return a ? clientOf(a) : null;
    },
    attacherOf: (profileId) => {
      const a = accountOf(profileId);
      if (!a) return null;
      return a.profile.authKind === 'session'
        ? { kind: 'session' }
        : { kind: 'api-key', memberId: deps.profiles.saved(profileId)?.memberId ?? null };
    },
    shownProfile: () => accounts.active()?.profile.id ?? null,
    onChange: (view) => deps.events.emit('evidence:changed', view),
    log: deps.log,
    // The outbox's retry options (tests make them short) hold for uploads too.
    ...(opts.outbox?.backoff ? { backoff: opts.outbox.backoff } : {}),
    ...(opts.outbox?.random ? { random: opts.outbox.random } : {}),
  });
  // Another account shown, or one signed in again: its uploads show, and go.
  deps.events.on((event) => event === 'account:changed' && queue.retryNow());

  /** The links of the attachments listed last, to open one without sending a link to the popup. */
  const links = new Map<string, { url: string; at: number }>();
  const list = async (taskId: string): Promise<Result<EvidenceList>> => {
    const a = accounts.active();
    if (!a) return NOT_SIGNED_IN();
    const read = await clientOf(a).list(taskId);
    if (!read.ok) return read;
    const at = deps.scheduler.now();
    const items: EvidenceItem[] = read.value.map((x) => {
      if (x.downloadUrl) links.set(`${taskId} ${x.id}`, { url: x.downloadUrl, at });
      const here = queue.landedHere(x.id);
      return {
        id: x.id,
        name: x.name,
        type: x.type,
        size: x.size ?? here?.size ?? null,
        by: here?.by ?? null,
        createdAt: x.createdAt,
      };
    });
    while (links.size > MAX_LINKS) links.delete(links.keys().next().value as string);
    return ok({ taskId, items });
  };

  const open = async (taskId: string, attachmentId: string): Promise<Result<null>> => {
    const openExternal = opts.openExternal;
    if (!openExternal) return err(appError('internal', 'Opening files is not available here.'));
    let link = links.get(`${taskId} ${attachmentId}`);
    if (!link || deps.scheduler.now() - link.at > LINK_FRESH_MS) {
      const read = await list(taskId);
      if (!read.ok) return read;
      link = links.get(`${taskId} ${attachmentId}`);
    }
    if (!link) return err(appError('not_found', 'That attachment is no longer on the task.'));
    return openExternal(link.url);
  };

  const handlers: EvidenceHandlers = {
    attachEvidence: async ({ taskId, paths, description }) => {
      const a = accounts.active();
      if (!a) return NOT_SIGNED_IN();
      // The popup names the paths: only local files outside the app's own folder are read.
      const { allowed, refused } = await screenPaths(paths, [opts.userDataDir]);
      if (allowed.length === 0) return ok({ queued: [], refused });
      const answer = await queue.attach(a.profile.id, taskId, allowed, description);
      return answer.ok && refused.length > 0
        ? ok({ ...answer.value, refused: [...refused, ...answer.value.refused] })
        : answer;
    },
    listEvidence: ({ taskId }) => list(taskId),
    openEvidence: ({ taskId, attachmentId }) => open(taskId, attachmentId),
    getEvidenceUploads: async () => ok(queue.view()),
    dismissEvidenceRefusal: async ({ id }) => {
      queue.dismissRefusal(id);
      return ok(queue.view());
    },
    pasteEvidence: async ({ taskId }) => {
      const a = accounts.active();
      if (!a) return NOT_SIGNED_IN();
      const read = opts.readClipboardEvidence;
      if (!read) return err(appError('internal', pasteWords.notHere));
      const profileId = a.profile.id;
      return attachPasted(
        await read(),
        (paths) => queue.attach(profileId, taskId, paths),
        () => new Date(deps.scheduler.now()),
      );
    },
  };

  return {
    queue,
    handlers,
    /** At start: the files the last run left wait for their account, then go. */
    async start(): Promise<void> {
      const problem = await queue.load();
      if (problem) deps.log.warn(problem.message);
      queue.refresh();
    },
  };
}

export type AppEvidence = ReturnType<typeof createAppEvidence>;
