import { createSignIn } from '../../main/session/sign-in-flow';
import type { SignInWindow } from '../../main/session/sign-in-flow';
import type { CookieLike } from '../../main/session/session-grant';

export const SERVICE = 'https://api.example.com/';

/**
 * The sign-in window without Electron: records what the flow asks of it, and
 * lets a test play the pages a person would reach.
 */
function scriptedWindow(title: string, cookies: readonly CookieLike[], opts: ScriptOptions) {
  const { loadError, serviceUrl = SERVICE } = opts;
  const on = {
    page: [] as ((url: string) => void)[],
    ready: [] as (() => void)[],
    closed: [] as (() => void)[],
    open: [] as ((url: string) => void)[],
  };
  const state = {
    title,
    loaded: [] as string[],
    shown: false,
    focused: 0,
    closed: false,
    cleared: false,
  };
  const close = () => {
    if (state.closed) return;
    state.closed = true;
    on.closed.forEach((l) => l());
  };
  const win: SignInWindow = {
    load: async (url) => {
      state.loaded.push(url);
      if (loadError !== undefined) throw loadError;
      on.ready.forEach((l) => l());
    },
    show: () => void (state.shown = true),
    focus: () => void (state.focused += 1),
    close,
    isClosed: () => state.closed,
    onPage: (l) => void on.page.push(l),
    onReadyToShow: (l) => void on.ready.push(l),
    onClosed: (l) => void on.closed.push(l),
    onWindowOpen: (l) => void on.open.push(l),
    cookiesFor: async (url) => (url === serviceUrl ? cookies : []),
    clearSession: async () => void (state.cleared = true),
  };
  return {
    win,
    state,
    arrive: (url: string) => on.page.forEach((l) => l(url)),
    windowOpen: (url: string) => on.open.forEach((l) => l(url)),
    personCloses: close,
  };
}

export interface ScriptOptions {
  /** What loading the sign-in page throws, if anything. */
  readonly loadError?: unknown;
  /** The address whose cookies the window holds. */
  readonly serviceUrl?: string;
}

/**
 * The sign-in flow over scripted windows, on a clock of its own: `elapse`
 * runs the waits that are due, as if that much time had passed.
 */
export function scriptedSignIn(cookies: readonly CookieLike[] = [], opts: ScriptOptions = {}) {
  const windows: ReturnType<typeof scriptedWindow>[] = [];
  const external: string[] = [];
  let now = 0;
  const waits = new Set<{ at: number; then: () => void }>();
  const signIn = createSignIn({
    openWindow: (title) => {
      const w = scriptedWindow(title, cookies, opts);
      windows.push(w);
      return w.win;
    },
    openExternal: (url) => void external.push(url),
    after: (ms, then) => {
      const wait = { at: now + ms, then };
      waits.add(wait);
      return () => waits.delete(wait);
    },
  });
  const elapse = (ms: number) => {
    now += ms;
    for (const wait of [...waits])
      if (wait.at <= now) {
        waits.delete(wait);
        wait.then();
      }
  };
  return { signIn, windows, external, elapse, pendingWaits: () => waits.size };
}
