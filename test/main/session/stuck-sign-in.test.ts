import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer } from '../../../main/demo/server';
import type { DemoServer } from '../../../main/demo/server';
import { createCoreHarness } from '../../helpers/app-core';
import type { CoreHarness } from '../../helpers/app-core';
import { keychainGate, removeTestService, uniqueTestService } from '../../helpers/keychain';
import { failure, unwrap } from '../../helpers/result';
import { scriptedSignIn } from '../../helpers/scripted-sign-in';
import { useTempDirs } from '../../helpers/temp-dir';

const gate = await keychainGate();

/**
 * Issue 40, defect 6: a web sign-in the window cannot finish ends with its
 * reason in the popup's answer, the person stays signed out, and the API key
 * the popup offers instead connects to the same service.
 */
describe.skipIf(gate.skip)('a web sign-in that is stuck, over the reference service', () => {
  const tempDir = useTempDirs('task-tray-stuck-sign-in-');
  const service = uniqueTestService();
  let server: DemoServer;
  const harnesses: CoreHarness[] = [];

  beforeAll(async () => {
    gate.assertAvailable();
    server = await startDemoServer({ host: '127.0.0.1', port: 0, rateLimit: false });
  });
  afterEach(async () => {
    for (const h of harnesses.splice(0)) await h.core.dispose();
  });
  afterAll(async () => {
    await server.close();
    await removeTestService(service);
  });

  /** The app with a scripted sign-in window that holds the reference service's session. */
  async function withSignInWindow() {
    const [name, value] = server.session.cookie.split('=') as [string, string];
    const script = scriptedSignIn([{ name, value }], { serviceUrl: new URL(server.baseUrl).href });
    const h = createCoreHarness(await tempDir(), service, {
      signInWithBrowser: script.signIn.start,
    });
    harnesses.push(h);
    await h.core.start();
    unwrap(await h.call('setSettings', { serviceUrl: server.baseUrl }));
    /** Presses "Sign in with the web app", then plays `page` in the window that opens. */
    const signInReaching = async (page: string) => {
      const answer = h.call('signInWithSession');
      while (script.windows.length === 0) await new Promise((r) => setTimeout(r, 5));
      script.windows.at(-1)!.arrive(page);
      return answer;
    };
    return { h, script, signInReaching };
  }

  it('ends at Google’s refusal with its reason; the API key offered instead connects', async () => {
    const { h, script, signInReaching } = await withSignInWindow();
    const error = failure(
      await signInReaching('https://accounts.google.com/signin/oauth/error?authError=x'),
    );
    expect(error).toMatchObject({ kind: 'not_connected', signInEnded: 'refused-in-window' });
    expect(script.windows[0]!.state).toMatchObject({ closed: true, cleared: true });
    expect(unwrap(await h.call('getAccount')).state).toBe('signed-out');

    const account = unwrap(
      await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full }),
    );
    expect(account).toMatchObject({ state: 'connected', profile: { authKind: 'api-key' } });
  });

  it('ends at the email link’s notice, while a window that reaches an organization signs in', async () => {
    const { h, signInReaching } = await withSignInWindow();
    const email = failure(await signInReaching('https://app.trycomp.ai/auth/verify-request'));
    expect(email.signInEnded).toBe('email-link');
    expect(unwrap(await h.call('getAccount')).state).toBe('signed-out');

    const page = `https://app.trycomp.ai/${server.session.organizationId}/frameworks`;
    expect(unwrap(await signInReaching(page))).toMatchObject({
      state: 'connected',
      profile: { authKind: 'session' },
    });
  });
});
