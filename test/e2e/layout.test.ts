import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer } from '../../main/demo/server';
import type { DemoServer } from '../../main/demo/server';
import { unwrap } from '../helpers/result';
import { expectAccessible, screenshots } from './popup';
import { skipE2e, useE2eSuite } from './suite';
import { NO_RETRY_BY_ITSELF } from '../helpers/relayed-service';

/** Titles as people write them: long, and alike for their first words. */
const LONG_TITLES = Array.from(
  { length: 12 },
  (_, i) =>
    `Collect evidence for control ${i + 1}: the signed quarterly access review of every production system`,
);

/** What the page lays out, seen from Node (no DOM library here): only what the tests touch. */
interface Box {
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
}
interface TitleEl {
  readonly firstChild: unknown;
  readonly textContent: string | null;
  getBoundingClientRect(): Box;
}
interface RangeLike {
  setStart(node: unknown, offset: number): void;
  setEnd(node: unknown, offset: number): void;
  getBoundingClientRect(): Box;
}

describe.skipIf(skipE2e)('reading and layout at 380×600 (issue 36)', () => {
  const suite = useE2eSuite();
  let server: DemoServer;
  let orgId: string;

  beforeAll(async () => {
    server = await startDemoServer({ host: '127.0.0.1', port: 0, rateLimit: false, extraTasks: 4 });
    orgId = server.organizations[0]!.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('twelve long titles: each reads to at least 40 characters, on screen', async () => {
    const wire = server.wireTasks(orgId).slice(0, 12);
    // A colleague titled them in the web app.
    for (const [i, t] of wire.entries()) {
      const put = await fetch(`${server.baseUrl}/v1/task-management/${String(t['id'])}`, {
        method: 'PUT',
        headers: { 'X-API-Key': server.keys.colleague, 'Content-Type': 'application/json' },
        body: JSON.stringify({ title: LONG_TITLES[i] }),
      });
      expect(put.status).toBe(200);
    }
    const h = await suite.startMain({ outbox: { backoff: NO_RETRY_BY_ITSELF } });
    unwrap(await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full }));
    for (const t of wire) {
      const where = t['entityType'] === 'risk' ? 'risk' : 'vendors';
      const link = `https://app.example.com/${orgId}/${where}/${String(t['entityId'])}?taskItemId=${String(t['id'])}`;
      unwrap(await h.call('pinTask', { ref: link }));
    }
    const { page } = await suite.openPopup(h);
    const titles = page.locator('li[data-task-id] .task__title');
    await expect
      .poll(() => titles.allTextContents(), { timeout: 20_000 })
      .toEqual(expect.arrayContaining(LONG_TITLES));
    await screenshots(page, 'layout-home-12-long-titles');

    // Characters whose laid-out box lies inside the title's box and on screen, less an
    // ellipsis' width at the end: what a person can read, not what the DOM holds.
    const readable = await titles.evaluateAll((els) =>
      (els as unknown as TitleEl[]).map((el) => {
        const doc = (globalThis as unknown as { document: { createRange(): RangeLike } }).document;
        const view = globalThis as unknown as { innerHeight: number };
        const box = el.getBoundingClientRect();
        const style = (
          globalThis as unknown as { getComputedStyle(e: unknown): { whiteSpace: string } }
        ).getComputedStyle(el);
        // A one-line title may end in an ellipsis drawn over its last characters.
        const cut = style.whiteSpace === 'nowrap' ? 12 : 0;
        const text = el.textContent ?? '';
        const range = doc.createRange();
        let seen = 0;
        for (let i = 0; i < text.length; i += 1) {
          range.setStart(el.firstChild, i);
          range.setEnd(el.firstChild, i + 1);
          const r = range.getBoundingClientRect();
          const inside =
            r.right <= box.right + 0.5 - cut &&
            r.bottom <= box.bottom + 0.5 &&
            r.top >= 0 &&
            r.bottom <= view.innerHeight;
          if (inside) seen += 1;
        }
        return seen;
      }),
    );
    expect(readable).toHaveLength(12);
    for (const n of readable) expect(n).toBeGreaterThanOrEqual(40);
    // The open row (the first, focused as the popup opens) reads its title whole, wrapped.
    expect(readable[0]).toBe(LONG_TITLES[0]!.length);
    await expectAccessible(page, 'home with twelve long titles');
  }, 60_000);

  it('Home after connecting with a key: My work asks who you are first; the places strip marks where you are', async () => {
    const h = await suite.startMain();
    unwrap(await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full }));
    const { page } = await suite.openPopup(h);
    // Their work is theirs once the key says whose it is: one click to say it, not two to find it.
    await page.getByText(/Say who you are, and what is assigned to you shows here/).waitFor();
    expect(await page.getByText('No pinned tasks yet').count()).toBe(0);
    await page.getByText(/Pin any task to keep it here/).waitFor();
    await screenshots(page, 'layout-empty-home');
    await expectAccessible(page, 'empty home after connecting');

    const places = page.getByRole('navigation', { name: 'Places' });
    expect(
      await places.locator('[aria-current="page"]').allTextContents(),
      'Home is My work',
    ).toEqual(['My work']);
    await page.getByRole('button', { name: 'Choose…' }).click();
    await page.getByRole('heading', { name: 'Who are you?' }).waitFor();
    await page.getByRole('button', { name: 'Back to tasks' }).click();
    await places.getByRole('button', { name: 'Browse' }).click();
    await page.getByRole('heading', { name: 'Browse' }).waitFor();
    expect(await places.locator('[aria-current="page"]').allTextContents()).toEqual(['Browse']);
    await page.getByText('Loading vendors and risks…').waitFor({ state: 'detached' });
    await screenshots(page, 'layout-browse-place');
    await expectAccessible(page, 'browse with the places strip');
  }, 60_000);

  it('two accounts: the header names the organization once, and that name is the switcher', async () => {
    const h = await suite.startMain();
    unwrap(await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full }));
    const second = unwrap(
      await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.colleague }),
    );
    if (second.state === 'connected')
      unwrap(await h.call('renameProfile', { profileId: second.profile.id, label: 'Ops key' }));
    const { page } = await suite.openPopup(h);
    const header = page.getByRole('banner');
    const name = server.organizations[0]!.name;
    await header.getByRole('heading', { name }).waitFor();
    // Seen once: the visible text, not what screen readers are also told.
    const seen = await header.evaluate((el) => (el as unknown as { innerText: string }).innerText);
    expect(seen.split(name)).toHaveLength(2);
    expect(seen).toContain('Ops key');
    const switcher = header.getByRole('button', { name: /Switch account: Ops key shown, 2 on/ });
    expect(await switcher.getAttribute('aria-haspopup')).toBe('menu');
    // Neither the name nor the account is cut at 380 px.
    const clipped = await header
      .locator('.org__switch-name, .org__switch-account')
      .evaluateAll((els) =>
        (els as unknown as { scrollWidth: number; clientWidth: number }[]).map(
          (e) => e.scrollWidth > e.clientWidth,
        ),
      );
    expect(clipped).toEqual([false, false]);
    await screenshots(page, 'layout-two-accounts-header');
    await expectAccessible(page, 'two accounts header');
    await switcher.click();
    await page.getByRole('menu', { name: 'Accounts' }).waitFor();
    await screenshots(page, 'layout-two-accounts-menu');
    await expectAccessible(page, 'two accounts menu');
  }, 60_000);
});
