import { EventEmitter } from 'node:events';
import type { WebContents } from 'electron';
import { describe, expect, it } from 'vitest';
import {
  APP_NAVIGATION,
  SIGN_IN_NAVIGATION,
  hardenAllWebContents,
  hardenWebContents,
  mayNavigate,
  windowOpenDecision,
} from '../../../main/window/navigation-guard';
import type { ContentsPolicy, GuardedContents } from '../../../main/window/navigation-guard';

describe('mayNavigate: the popup stays on its own bundle', () => {
  it.each(['app://bundle/index.html', 'app://bundle/', 'app://bundle/index.html?x#settings'])(
    'allows %s',
    (url) => expect(mayNavigate(url, APP_NAVIGATION)).toBe(true),
  );

  it.each([
    'https://example.com/',
    'http://127.0.0.1:8080/',
    'file:///etc/passwd',
    'app://other/index.html',
    'app://user@bundle/index.html',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'about:blank',
    'chrome://settings',
    'devtools://devtools/bundled/inspector.html',
    'tasktray://pin/tski_1',
    'not a url',
    '',
  ])('refuses %s', (url) => expect(mayNavigate(url, APP_NAVIGATION)).toBe(false));
});

describe('mayNavigate: the sign-in window browses the web, nothing else', () => {
  it.each([
    'https://app.example.com/auth/sign-in',
    'https://accounts.google.com/o/oauth2/v2/auth?client_id=x',
    'http://127.0.0.1:3000/org_1/',
    'http://localhost:3000/',
    'http://[::1]:3000/',
  ])('allows %s', (url) => expect(mayNavigate(url, SIGN_IN_NAVIGATION)).toBe(true));

  it.each([
    'http://app.example.com/',
    'http://127.0.0.1.evil.example/',
    'http://localhost.evil.example/',
    'https://user:pass@app.example.com/',
    'app://bundle/index.html',
    'file:///C:/Windows/win.ini',
    'javascript:alert(document.cookie)',
    'data:text/html,hi',
    'ms-settings:privacy',
    'vscode://file/etc/passwd',
  ])('refuses %s', (url) => expect(mayNavigate(url, SIGN_IN_NAVIGATION)).toBe(false));

  it('refuses loopback http when the policy does not allow it', () => {
    expect(mayNavigate('http://127.0.0.1:3000/', { kind: 'web', allowLoopbackHttp: false })).toBe(
      false,
    );
  });
});

describe('windowOpenDecision', () => {
  it('sends web links to the system browser, parsed and re-serialized', () => {
    expect(windowOpenDecision('HTTPS://Example.COM/a b')).toEqual({
      externalUrl: 'https://example.com/a%20b',
    });
  });

  it.each(['javascript:alert(1)', 'file:///etc/passwd', 'app://bundle/index.html', 'smb://host/x'])(
    'drops %s',
    (url) => expect(windowOpenDecision(url)).toEqual({ externalUrl: null }),
  );
});

/**
 * A stand-in with the surface hardenWebContents uses: it records the
 * listeners and handlers so the test can fire what Chromium would.
 */
function fakeContents() {
  const events = new EventEmitter();
  const handlers: {
    windowOpen?: (details: { url: string }) => { action: string };
    permissionRequest?: (wc: unknown, permission: string, cb: (granted: boolean) => void) => void;
    permissionCheck?: (...args: unknown[]) => boolean;
    devicePermission?: (...args: unknown[]) => boolean;
  } = {};
  const contents = {
    on: (event: string, listener: (...args: unknown[]) => void) => {
      events.on(event, listener);
      return contents;
    },
    setWindowOpenHandler: (h: typeof handlers.windowOpen) => (handlers.windowOpen = h),
    session: {
      setPermissionRequestHandler: (h: typeof handlers.permissionRequest) =>
        (handlers.permissionRequest = h),
      setPermissionCheckHandler: (h: typeof handlers.permissionCheck) =>
        (handlers.permissionCheck = h),
      setDevicePermissionHandler: (h: typeof handlers.devicePermission) =>
        (handlers.devicePermission = h),
    },
  };
  /** Fires a navigation event the way Electron 45 does; true when it was prevented. */
  const navigate = (event: string, url: string): boolean => {
    let prevented = false;
    events.emit(event, { url, preventDefault: () => (prevented = true) });
    return prevented;
  };
  return {
    contents: contents as unknown as GuardedContents & WebContents,
    handlers,
    navigate,
    events,
  };
}

function policy(navigation = APP_NAVIGATION) {
  const opened: string[] = [];
  const value: ContentsPolicy = { navigation, openExternal: (url) => opened.push(url) };
  return { value, opened };
}

describe('hardenWebContents', () => {
  it.each(['will-navigate', 'will-frame-navigate', 'will-redirect'])(
    'prevents %s away from the bundle and lets the bundle through',
    (event) => {
      const fake = fakeContents();
      hardenWebContents(fake.contents, policy().value);
      expect(fake.navigate(event, 'https://evil.example/')).toBe(true);
      expect(fake.navigate(event, 'file:///etc/passwd')).toBe(true);
      expect(fake.navigate(event, 'app://bundle/index.html')).toBe(false);
    },
  );

  it('applies the sign-in policy to the sign-in window', () => {
    const fake = fakeContents();
    hardenWebContents(fake.contents, policy(SIGN_IN_NAVIGATION).value);
    expect(fake.navigate('will-redirect', 'https://idp.example/login')).toBe(false);
    expect(fake.navigate('will-navigate', 'app://bundle/index.html')).toBe(true);
  });

  it('refuses to attach a <webview>', () => {
    const fake = fakeContents();
    hardenWebContents(fake.contents, policy().value);
    let prevented = false;
    fake.events.emit('will-attach-webview', { preventDefault: () => (prevented = true) }, {}, {});
    expect(prevented).toBe(true);
  });

  it('denies every new window; a web link opens in the system browser instead', () => {
    const fake = fakeContents();
    const p = policy();
    hardenWebContents(fake.contents, p.value);
    expect(fake.handlers.windowOpen?.({ url: 'https://example.com/doc' })).toEqual({
      action: 'deny',
    });
    expect(fake.handlers.windowOpen?.({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(fake.handlers.windowOpen?.({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(p.opened).toEqual(['https://example.com/doc']);
  });

  it('denies every permission request and answers no to every permission check', () => {
    const fake = fakeContents();
    hardenWebContents(fake.contents, policy().value);
    for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read', 'hid']) {
      const answers: boolean[] = [];
      fake.handlers.permissionRequest?.(fake.contents, permission, (granted) =>
        answers.push(granted),
      );
      expect([permission, answers]).toEqual([permission, [false]]);
      expect(fake.handlers.permissionCheck?.(fake.contents, permission, 'app://bundle', {})).toBe(
        false,
      );
    }
    expect(fake.handlers.devicePermission?.({ deviceType: 'usb' })).toBe(false);
  });
});

describe('hardenAllWebContents', () => {
  it('hardens every webContents the app creates, with the policy chosen for it', () => {
    const app = new EventEmitter();
    const popup = fakeContents();
    const signIn = fakeContents();
    hardenAllWebContents(app as never, (contents) =>
      contents === signIn.contents ? policy(SIGN_IN_NAVIGATION).value : policy().value,
    );
    app.emit('web-contents-created', {}, popup.contents);
    app.emit('web-contents-created', {}, signIn.contents);
    expect(popup.navigate('will-navigate', 'https://idp.example/')).toBe(true);
    expect(signIn.navigate('will-navigate', 'https://idp.example/')).toBe(false);
    expect(popup.handlers.windowOpen).toBeDefined();
    expect(signIn.handlers.permissionRequest).toBeDefined();
  });
});
