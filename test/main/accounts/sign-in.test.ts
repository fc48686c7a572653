import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { err } from '../../../common/result';
import type { AppError } from '../../../common/result';
import { signInWithApiKey, signInWithSession } from '../../../main/accounts/sign-in';
import type { TryOut } from '../../../main/accounts/sign-in';
import { startDemoServer } from '../../../main/demo/server';
import type { DemoServer } from '../../../main/demo/server';
import { failure, unwrap } from '../../helpers/result';

/** Each sign-in on its own: what it proves, and what it says when refused. Nothing is kept. */
describe('signing in', () => {
  let server: DemoServer;
  const reach = { fetch: globalThis.fetch, timeoutMs: 2_000 };
  /** The secrets tried, and the refusals as the person would read them. */
  const tried: string[] = [];
  const tryOut: TryOut = (secret) => {
    tried.push(secret);
    return { refused: (e: AppError) => err(e) };
  };
  beforeAll(async () => {
    server = await startDemoServer({ host: '127.0.0.1', port: 0, rateLimit: false });
  });
  afterAll(() => server.close());

  it('with an API key yields the key and the organization it belongs to', async () => {
    const [home] = server.organizations;
    const signed = unwrap(
      await signInWithApiKey(
        reach,
        { baseUrl: `${server.baseUrl}/`, apiKey: server.keys.full },
        tryOut,
      ),
    );
    expect(signed.organization.id).toBe(home?.id);
    expect(signed.credential).toEqual({
      baseUrl: server.baseUrl,
      authKind: 'api-key',
      organizationId: null,
      secret: server.keys.full,
    });
    expect(tried).toContain(server.keys.full);
  });

  it('with a key for another organization than the one asked for says so', async () => {
    const other = server.organizations[1]?.id ?? '';
    const input = { baseUrl: server.baseUrl, apiKey: server.keys.full, organizationId: other };
    const e = failure(await signInWithApiKey(reach, input, tryOut));
    expect(e.message).toMatch(/^These credentials belong to the organization /);
    expect(e.message).toContain(server.organizations[0]?.name ?? '?');
  });

  it('with a key that may not change tasks is refused', async () => {
    const input = { baseUrl: server.baseUrl, apiKey: server.keys.noScope };
    expect(failure(await signInWithApiKey(reach, input, tryOut)).kind).toBe('forbidden');
  });

  it('with the web app yields the session for the organization the browser chose', async () => {
    const { cookie, organizationId } = server.session;
    const web = {
      ...reach,
      settings: { get: () => ({ serviceUrl: server.baseUrl, signInUrl: server.baseUrl }) },
      signInWithBrowser: async () => ({ ok: true as const, value: { cookie, organizationId } }),
    };
    const signed = unwrap(await signInWithSession(web, tryOut));
    expect(signed.organization.id).toBe(organizationId);
    expect(signed.credential).toMatchObject({
      authKind: 'session',
      organizationId,
      secret: cookie,
    });
  });

  it('with the web app where there is no browser window says it is not available', async () => {
    const web = { ...reach, settings: { get: () => ({ serviceUrl: '', signInUrl: '' }) } };
    expect(failure(await signInWithSession(web, tryOut)).message).toMatch(/not available here/);
  });
});
