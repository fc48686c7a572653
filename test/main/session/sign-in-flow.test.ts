import { describe, expect, it } from 'vitest';
import { checkSignInUrl, signInWindowTitle } from '../../../main/session/sign-in-address';
import { scriptedSignIn as harness, SERVICE } from '../../helpers/scripted-sign-in';
import { failure, unwrap } from '../../helpers/result';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('sign-in window: the address is checked when it is used', () => {
  // settings.json is a file anyone with the person's account can edit: its address is not trusted.
  it.each([
    ['plain http to another host', 'http://evil.example/login', /must use https/],
    ['plain http to a LAN address', 'http://192.168.1.20:3000/', /must use https/],
    ['a look-alike of localhost', 'http://localhost.evil.example/', /must use https/],
    ['a file', 'file:///home/me/phish.html', /must start with https/],
    ['a script', 'javascript:alert(1)', /must start with https/],
    ['credentials', 'https://user:pw@app.example.com/', /user name and password/],
    ['junk', 'app.example.com', /not a web address/],
    ['nothing', '  ', /no sign-in address/],
  ])('refuses %s and opens no window', async (_why, address, message) => {
    const { signIn, windows } = harness();
    const error = failure(await signIn.start(address, SERVICE));
    expect(error.kind).toBe('bad_input');
    expect(error.message).toMatch(message);
    expect(windows).toHaveLength(0);
    expect(signIn.current()).toBeNull();
  });

  it.each(['https://app.example.com/auth', 'http://localhost:3000/', 'http://127.0.0.1:3000/x'])(
    'opens %s (https, or http only on this computer)',
    async (address) => {
      const { signIn, windows } = harness();
      void signIn.start(address, SERVICE);
      expect(windows).toHaveLength(1);
      expect(windows[0]!.state.loaded).toEqual([new URL(address).href]);
      windows[0]!.personCloses();
    },
  );
});

describe('sign-in window: the person sees where they sign in', () => {
  it("titles the window with the sign-in site's origin, before anything loads", async () => {
    const { signIn, windows } = harness();
    void signIn.start('https://app.example.com/auth/sign-in?next=/', SERVICE);
    expect(windows[0]!.state.title).toBe('Sign in to https://app.example.com — Task Tray');
    expect(signIn.current()?.origin).toBe('https://app.example.com');
    windows[0]!.personCloses();
  });

  it('shows an international name in its xn-- form, so a look-alike is visible', () => {
    const url = unwrap(checkSignInUrl('https://аpp.example.com/')); // Cyrillic "а"
    expect(signInWindowTitle(url)).toBe('Sign in to https://xn--pp-6kc.example.com — Task Tray');
  });
});

describe('sign-in window: window.open opens only the sign-in site', () => {
  it("sends the sign-in site's own links to the browser and drops every other", async () => {
    const { signIn, windows, external } = harness();
    void signIn.start('https://app.example.com/auth', SERVICE);
    const w = windows[0]!;
    w.windowOpen('https://app.example.com/legal/terms');
    w.windowOpen('https://evil.example/phish');
    w.windowOpen('https://accounts.idp.example/help');
    w.windowOpen('http://app.example.com/legal/terms'); // same host, other origin
    w.windowOpen('https://app.example.com.evil.example/');
    w.windowOpen('javascript:alert(1)');
    w.windowOpen('file:///etc/passwd');
    expect(external).toEqual(['https://app.example.com/legal/terms']);
    expect(w.state.closed).toBe(false);
    w.personCloses();
  });
});

describe('sign-in window: the session', () => {
  it('returns the session cookie and organization once an organization page loads', async () => {
    const { signIn, windows } = harness([
      { name: 'theme', value: 'dark' },
      { name: '__Secure-staging.session_token', value: 'tok.sig' },
    ]);
    const outcome = signIn.start('https://app.staging.example.com/auth', SERVICE);
    const w = windows[0]!;
    await tick();
    expect(w.state.shown).toBe(true);
    w.arrive('https://accounts.idp.example/org_fake/consent'); // another site on the way: ignored
    w.arrive('https://app.staging.example.com/org_abc123/frameworks');
    expect(unwrap(await outcome)).toEqual({
      cookie: '__Secure-staging.session_token=tok.sig',
      organizationId: 'org_abc123',
    });
    expect(w.state.closed).toBe(true);
    expect(w.state.cleared).toBe(true);
    expect(signIn.current()).toBeNull();
  });

  it('says so when the web app gave no session for the service', async () => {
    const { signIn, windows } = harness([{ name: 'theme', value: 'dark' }]);
    const outcome = signIn.start('https://app.example.com/auth', SERVICE);
    windows[0]!.arrive('https://app.example.com/org_abc123/');
    expect(failure(await outcome).message).toMatch(/no session for the service address/);
  });

  it('a second request brings the open window forward and shares its outcome', async () => {
    const { signIn, windows } = harness();
    const first = signIn.start('https://app.example.com/auth', SERVICE);
    const second = signIn.start('https://app.example.com/auth', SERVICE);
    expect(windows).toHaveLength(1);
    expect(windows[0]!.state.focused).toBe(1);
    windows[0]!.personCloses();
    expect(failure(await first).message).toMatch(/closed before sign-in finished/);
    expect(await second).toEqual(await first);
    expect(signIn.current()).toBeNull();
  });

  it('says the page could not be reached when it does not load', async () => {
    const { signIn, windows } = harness([], { loadError: new Error('ERR_NAME_NOT_RESOLVED') });
    const error = failure(await signIn.start('https://app.example.com/auth', SERVICE));
    expect(error.kind).toBe('network');
    expect(windows[0]!.state.closed).toBe(true);
  });

  it('keeps waiting when the page redirects itself before its first load ends', async () => {
    // Electron rejects loadURL with ERR_ABORTED then; the next page is already loading.
    const aborted = Object.assign(new Error('ERR_ABORTED (-3) loading …'), {
      code: 'ERR_ABORTED',
      errno: -3,
    });
    const { signIn, windows } = harness([{ name: 'local.session_token', value: 't' }], { loadError: aborted });
    const outcome = signIn.start('https://grc.internal.example/auth', SERVICE);
    await tick();
    const w = windows[0]!;
    expect(w.state.closed).toBe(false);
    w.arrive('https://grc.internal.example/org_9/');
    expect(unwrap(await outcome).cookie).toBe('local.session_token=t');
  });
});

describe('sign-in window: an end without a session says why, so the popup can offer a key', () => {
  const SIGN_IN = 'https://app.example.com/auth';

  it('names the closed window, the unreachable page and the missing session', async () => {
    const closed = harness();
    const outcome = closed.signIn.start(SIGN_IN, SERVICE);
    closed.windows[0]!.personCloses();
    expect(failure(await outcome).signInEnded).toBe('closed');

    const down = harness([], { loadError: new Error('ERR_CONNECTION_REFUSED') });
    expect(failure(await down.signIn.start(SIGN_IN, SERVICE)).signInEnded).toBe('unreachable');

    const none = harness([{ name: 'theme', value: 'dark' }]);
    const signedIn = none.signIn.start(SIGN_IN, SERVICE);
    none.windows[0]!.arrive('https://app.example.com/org_abc123/');
    expect(failure(await signedIn).signInEnded).toBe('no-session');
  });

  it('ends at Google’s refusal of the window, and clears what the window held', async () => {
    const { signIn, windows } = harness();
    const outcome = signIn.start(SIGN_IN, SERVICE);
    const w = windows[0]!;
    w.arrive('https://accounts.google.com/o/oauth2/v2/auth?client_id=x'); // on the way: fine
    await tick();
    expect(w.state.closed).toBe(false);
    w.arrive('https://accounts.google.com/signin/oauth/error?authError=Cg9kaXNhbGxvd2VkX3VzZXJhZ2VudA');
    const error = failure(await outcome);
    expect(error).toMatchObject({ kind: 'not_connected', signInEnded: 'refused-in-window' });
    expect(error.message).toMatch(/Google does not allow signing in inside an app window/);
    expect(w.state).toMatchObject({ closed: true, cleared: true });
    expect(signIn.current()).toBeNull();
  });

  it('ends at the web app’s “check your email” notice: the link opens in the browser', async () => {
    const { signIn, windows } = harness();
    const outcome = signIn.start(SIGN_IN, SERVICE);
    windows[0]!.arrive('https://app.example.com/auth/verify-request?provider=email');
    const error = failure(await outcome);
    expect(error.signInEnded).toBe('email-link');
    expect(error.message).toMatch(/opens in your browser, never in the sign-in window/);
  });

  it('gives up after ten minutes without a session, and not before', async () => {
    const { signIn, windows, elapse } = harness();
    const outcome = signIn.start(SIGN_IN, SERVICE);
    elapse(10 * 60_000 - 1);
    await tick();
    expect(windows[0]!.state.closed).toBe(false);
    elapse(1);
    expect(failure(await outcome)).toMatchObject({ kind: 'timeout', signInEnded: 'too-long' });
    expect(windows[0]!.state.closed).toBe(true);
  });

  it('stops waiting once the person is signed in', async () => {
    const { signIn, windows, pendingWaits } = harness([{ name: 'x.session_token', value: 't' }]);
    const outcome = signIn.start(SIGN_IN, SERVICE);
    expect(pendingWaits()).toBe(1);
    windows[0]!.arrive('https://app.example.com/org_1/');
    expect(unwrap(await outcome).organizationId).toBe('org_1');
    expect(pendingWaits()).toBe(0);
  });
});
