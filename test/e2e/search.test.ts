import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer } from '../../main/demo/server';
import type { DemoServer } from '../../main/demo/server';
import { unwrap } from '../helpers/result';
import { expectAccessible, screenshots } from './popup';
import type { WireTask } from './popup';
import { skipE2e, useE2eSuite } from './suite';

/** The word of a title or assignee's name (4 letters or more) in tasks of the most vendors and risks. */
function commonWord(tasks: readonly WireTask[]): string {
  const where = new Map<string, Set<string>>();
  for (const t of tasks)
    for (const w of `${t.title} ${t.assignee?.user?.name ?? ''}`
      .toLowerCase()
      .match(/[a-z]{4,}/g) ?? [])
      where.set(w, (where.get(w) ?? new Set()).add(t.entityId));
  return [...where.entries()].sort((a, b) => b[1].size - a[1].size)[0]![0];
}

describe.skipIf(skipE2e)('one search, in Chromium against main and the reference service', () => {
  const suite = useE2eSuite();
  let server: DemoServer;

  beforeAll(async () => {
    server = await startDemoServer({ host: '127.0.0.1', port: 0, rateLimit: false });
  });
  afterAll(async () => {
    await server.close();
  });

  it('says what it searched, reads the rest when asked, and its results take the row keys', async () => {
    const h = await suite.startMain();
    unwrap(await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full }));
    const { page } = await suite.openPopup(h);
    await page.getByRole('heading', { name: server.organizations[0]!.name }).waitFor();
    const orgId = server.organizations[0]!.id;
    const wire = server.wireTasks(orgId) as unknown as WireTask[];
    const { entities } = unwrap(await h.call('listEntities'));
    // A task of the first vendor Browse lists: "Read the rest" reads it among the first.
    const target = wire.find((t) => t.entityId === entities[0]!.entityId)!;

    // `/` shows the field however few pins there are.
    await page.locator('body').press('/');
    const field = page.getByRole('searchbox', { name: 'Filter tasks' });
    await expect
      .poll(() =>
        page.evaluate<string | null>('document.activeElement?.getAttribute("aria-label") ?? null'),
      )
      .toBe('Filter tasks');
    await field.fill(target.title);
    const scope = page.locator('.search__scope');
    // Main's lists come as search is first used: then it says how many were not read.
    await expect
      .poll(() => scope.textContent())
      .toMatch(
        new RegExp(
          `^Searched \\d+ tasks?.* The service has no search of its own: ${entities.length} vendors and risks not read yet are not searched\\.`,
        ),
      );
    await screenshots(page, 'search-scope');

    await scope.getByRole('button', { name: /^Read (the rest|20 more)$/ }).click();
    const row = page.locator(`.search li[data-task-id="${target.id}"]`);
    await row.waitFor();
    const heading = `${entities[0]!.name} · Vendor`;
    await page.getByRole('heading', { name: heading }).waitFor();
    await expect
      .poll(() => scope.textContent())
      .toMatch(
        /^Searched \d+ tasks? from \d+ vendors? (and|or) risks?, (the oldest )?read just now\./,
      );
    await screenshots(page, 'search-results');
    await expectAccessible(page, 'search results');

    // A word (a person's name, here) in tasks of several vendors and risks: a group for each.
    const word = commonWord(wire);
    await field.fill(word);
    await expect.poll(() => page.locator('.search__group').count()).toBeGreaterThan(1);
    await screenshots(page, 'search-grouped');
    await field.fill(target.title);
    await row.waitFor();

    // ↓ from the field goes to the best result (no pin matches); 4 sets Done, which pins it.
    await field.focus();
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() => page.evaluate<string | null>('document.activeElement?.dataset.taskId ?? null'))
      .toBe(target.id);
    const next = target.status === 'done' ? '1' : '4';
    await page.keyboard.press(next);
    await expect
      .poll(() => server.getTask(orgId, target.id)?.status)
      .toBe(next === '4' ? 'done' : 'todo');
  });
});
