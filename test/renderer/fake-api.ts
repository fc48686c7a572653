import { contract } from '../../common/ipc';
import type { Api, EventName, Events, MethodName, SettingsPatchInput } from '../../common/ipc';
import type { Organization } from '../../common/organization';
import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import type { TaskRef } from '../../common/task-ref';
import type { TaskStatus } from '../../common/task';
import type {
  AccountStatus,
  ConnectionView,
  PinnedTaskView,
  SettingsView,
  TaskUpdateOutcome,
} from '../../common/views';
import { complianceView, connected, online, org, settings, view } from './fixtures';
import type { ComplianceView } from '../../common/compliance-view';

/**
 * An in-memory window.api for component tests: plain data, every call
 * recorded, events pushed by the test. Each method can be replaced by a
 * test (to answer with an error, or to hold the answer with `deferred`).
 */
export interface FakeState {
  account: AccountStatus;
  organization: Organization | null;
  tasks: PinnedTaskView[];
  connection: ConnectionView;
  settings: SettingsView;
  clipboard: TaskRef | null;
  /** The clipboard task's title, where main would know it. */
  clipboardTitle: string | null;
  /** The person's compliance tasks as main would show them (getCompliance). */
  compliance: ComplianceView;
}

type Handler = (input: unknown) => Promise<Result<unknown>>;
export interface Call {
  readonly method: MethodName;
  readonly input: unknown;
}

export interface FakeApi {
  readonly api: Api;
  readonly state: FakeState;
  readonly calls: Call[];
  callsOf(method: MethodName): unknown[];
  /** Replace how a method answers. */
  answer(method: MethodName, handler: Handler): void;
  emit<E extends EventName>(event: E, payload: Events[E]): void;
  listenerCount(event: EventName): number;
}

export function createFakeApi(initial: Partial<FakeState> = {}): FakeApi {
  const state: FakeState = {
    account: connected(),
    organization: org(),
    tasks: [view()],
    connection: online,
    settings: settings(),
    clipboard: null,
    clipboardTitle: null,
    compliance: complianceView(),
    ...initial,
  };
  const calls: Call[] = [];
  const listeners = new Map<EventName, Set<(p: unknown) => void>>();
  const emit = <E extends EventName>(event: E, payload: Events[E]) => {
    for (const l of listeners.get(event) ?? []) l(payload);
  };

  const defaults: Partial<Record<MethodName, Handler>> = {
    getAccount: async () => ok(state.account),
    connectApiKey: async () => ok((state.account = connected())),
    signInWithSession: async () => ok((state.account = connected({ authKind: 'session' }))),
    startDemo: async () => ok((state.account = connected({ demo: true, label: 'Demo' }))),
    signOut: async () => ok((state.account = { state: 'signed-out', problem: null, profiles: [] })),
    switchProfile: async (input) => {
      const { profileId } = input as { profileId: string };
      const target = state.account.profiles.find((p) => p.id === profileId);
      if (!target) return err(appError('bad_input', 'That account is no longer on this computer.'));
      state.account = { ...state.account, state: 'connected', profile: target, problem: null };
      emit('account:changed', state.account);
      return ok(state.account);
    },
    renameProfile: async (input) => {
      const { profileId, label } = input as { profileId: string; label: string };
      const relabel = <P extends { id: string; label: string }>(p: P): P =>
        p.id === profileId ? { ...p, label: label.trim(), name: label.trim() } : p;
      state.account =
        state.account.state === 'connected'
          ? {
              ...state.account,
              profile: relabel(state.account.profile),
              profiles: state.account.profiles.map(relabel),
            }
          : { ...state.account, profiles: state.account.profiles.map(relabel) };
      emit('account:changed', state.account);
      return ok(state.account);
    },
    removeProfile: async (input) => {
      const { profileId } = input as { profileId: string };
      const profiles = state.account.profiles.filter((p) => p.id !== profileId);
      state.account =
        state.account.state === 'connected' && state.account.profile.id !== profileId
          ? { ...state.account, profiles }
          : profiles[0]
            ? { state: 'connected', profile: profiles[0], problem: null, profiles }
            : { state: 'signed-out', problem: null, profiles };
      emit('account:changed', state.account);
      return ok(state.account);
    },
    getOrganization: async () =>
      state.organization
        ? ok(state.organization)
        : err(appError('not_connected', 'Not connected.')),
    listTasks: async () => ok(state.tasks),
    refreshTasks: async () => ok({ note: null }),
    pinTask: async (input) => {
      const ref = (input as { ref: string | TaskRef }).ref;
      const id = typeof ref === 'string' ? (/tski_[A-Za-z0-9]+/.exec(ref)?.[0] ?? ref) : ref.taskId;
      const { taskId: _, ...linkRef } = typeof ref === 'string' ? { taskId: id } : ref;
      const v = view({ id, snapshot: null, ref: linkRef });
      // As main: at its place when given one (an unpin undone), the list sent before the answer.
      const at = (input as { at?: number }).at ?? state.tasks.length;
      state.tasks = [...state.tasks.slice(0, at), v, ...state.tasks.slice(at)];
      if ((input as { at?: number }).at !== undefined) emit('tasks:changed', state.tasks);
      return ok(v);
    },
    unpinTask: async (input) => {
      const { taskId } = input as { taskId: string };
      state.tasks = state.tasks.filter((t) => t.id !== taskId);
      return ok(state.tasks);
    },
    updateTask: async (input) => {
      const { taskId, patch } = input as { taskId: string; patch: { status: TaskStatus } };
      const current = state.tasks.find((t) => t.id === taskId);
      if (!current) return err(appError('not_found', 'Task item not found'));
      const next: PinnedTaskView = { ...current, pendingPatch: patch, sync: 'pending' };
      state.tasks = state.tasks.map((t) => (t.id === taskId ? next : t));
      return ok(next);
    },
    // As main: the input checked against the contract (1–500 unique ids), each
    // pinned task's change landed, one tasks:changed event, one outcome per task.
    updateTasks: async (input) => {
      const parsed = contract.updateTasks.input.safeParse(input);
      if (!parsed.success)
        return err(appError('bad_input', parsed.error.issues[0]?.message ?? 'Bad input.'));
      const { taskIds, patch } = parsed.data;
      const outcomes: TaskUpdateOutcome[] = taskIds.map((taskId) => {
        const current = state.tasks.find((t) => t.id === taskId);
        if (!current)
          return { taskId, result: err(appError('bad_input', 'Pin the task before changing it.')) };
        const next: PinnedTaskView = {
          ...current,
          snapshot: current.snapshot && {
            ...current.snapshot,
            ...patch,
            updatedAt: '2026-03-10T12:00:00Z',
          },
          pendingPatch: null,
          sync: 'idle',
          error: null,
        };
        state.tasks = state.tasks.map((t) => (t.id === taskId ? next : t));
        return { taskId, result: ok(next) };
      });
      emit('tasks:changed', state.tasks);
      return ok(outcomes);
    },
    dismissTaskError: async (input) => {
      const { taskId } = input as { taskId: string };
      const current = state.tasks.find((t) => t.id === taskId)!;
      const next: PinnedTaskView = { ...current, error: null, sync: 'idle' };
      state.tasks = state.tasks.map((t) => (t.id === taskId ? next : t));
      return ok(next);
    },
    getConnection: async () => ok(state.connection),
    retrySync: async () => ok(state.connection),
    handOverWaiting: async () => {
      const { othersWaiting: _moved, ...rest } = state.connection;
      state.connection = rest;
      emit('connection:changed', state.connection);
      return ok(state.connection);
    },
    getSettings: async () => ok(state.settings),
    setSettings: async (input) => {
      // As main does: the notification switches given change, the others stay.
      const { notifications, ...rest } = input as SettingsPatchInput;
      state.settings = {
        ...state.settings,
        ...rest,
        notifications: { ...state.settings.notifications, ...notifications },
      };
      return ok(state.settings);
    },
    openExternal: async () => ok(null),
    readClipboardTaskRef: async () =>
      ok(state.clipboard ? { ref: state.clipboard, title: state.clipboardTitle } : null),
    hideWindow: async () => ok(null),
    getUpdate: async () => ok(null),
    performUpdate: async () => ok(null),
    // As an unpackaged copy says it: no check can run.
    getUpdateAbout: async () =>
      ok({
        text: 'This copy runs from its source folder: it does not update itself.',
        tone: 'info',
        canCheck: false,
      }),
    quitApp: async () => ok(null),
    showLogFile: async () => ok(null),
    getMe: async () => ok(null),
    getCompliance: async () => ok(state.compliance),
    // As main when the service takes it at once: landed, the view told with the task changed.
    updateComplianceTask: async (input) => {
      const { taskId, patch } = input as { taskId: string; patch: { status: string } };
      const tasks = state.compliance.tasks.map((t) => (t.id === taskId ? { ...t, ...patch } : t));
      state.compliance = { ...state.compliance, tasks };
      emit('compliance:changed', state.compliance);
      const change = { taskId, pendingPatch: null, pending: null, error: null, refusal: null };
      return ok({ outcome: 'landed', task: null, change, offer: [] });
    },
    // A bulk change, as main when the service takes each at once: one view told with all of them changed.
    updateComplianceTasks: async (input) => {
      const { taskIds, patch } = input as { taskIds: string[]; patch: Record<string, unknown> };
      const chosen = new Set(taskIds);
      const tasks = state.compliance.tasks.map((t) => (chosen.has(t.id) ? { ...t, ...patch } : t));
      state.compliance = { ...state.compliance, tasks };
      emit('compliance:changed', state.compliance);
      return ok(
        taskIds.map((taskId) => {
          const change = { taskId, pendingPatch: null, pending: null, error: null, refusal: null };
          return { taskId, result: ok({ outcome: 'landed', task: null, change, offer: [] }) };
        }),
      );
    },
    getEvidenceUploads: async () => ok({ tasks: [], refusals: [], waitingBytes: 0 }),
    listEvidence: async (input) => ok({ taskId: (input as { taskId: string }).taskId, items: [] }),
  };
  // Every method of the contract exists; one the popup should not call answers with an error.
  const handlers: Record<string, Handler> = {};
  for (const m of Object.keys(contract) as MethodName[])
    handlers[m] =
      defaults[m] ?? (async () => err(appError('internal', `The fake api has no ${m}.`)));

  const api = Object.fromEntries(
    (Object.keys(handlers) as MethodName[]).map((m) => [
      m,
      (input?: unknown) => {
        calls.push({ method: m, input });
        return handlers[m]!(input);
      },
    ]),
  ) as unknown as Api;
  (api as { on: Api['on'] }).on = (event, listener) => {
    const set = listeners.get(event) ?? new Set();
    listeners.set(event, set);
    const l = listener as (p: unknown) => void;
    set.add(l);
    return () => set.delete(l);
  };
  // A dropped file's path, as the preload would give it: here its name.
  (api as { filePaths: Api['filePaths'] }).filePaths = (files) => files.map((f) => f.name);

  return {
    api,
    state,
    calls,
    callsOf: (m) => calls.filter((c) => c.method === m).map((c) => c.input),
    answer: (m, h) => {
      handlers[m] = h;
    },
    emit,
    listenerCount: (event) => listeners.get(event)?.size ?? 0,
  };
}

/** A promise the test settles when it chooses: holds an answer "in flight". */
export function deferred<T>(): { promise: Promise<T>; resolve: (v: T) => void } {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
