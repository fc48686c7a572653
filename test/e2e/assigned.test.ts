import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '../../common/task';
import { orderAssigned } from '../../main/assigned/assigned-order';
import { startDemoServer } from '../../main/demo/server';
import type { DemoServer } from '../../main/demo/server';
import { unwrap } from '../helpers/result';
import { chooseStatus, expectAccessible, screenshots } from './popup';
import { skipE2e, useE2eSuite } from './suite';

describe.skipIf(skipE2e)(
  'assigned to me, in Chromium against main and the reference service',
  () => {
    const suite = useE2eSuite();
    let server: DemoServer;
    let orgId: string;

    beforeAll(async () => {
      server = await startDemoServer({ host: '127.0.0.1', port: 0, rateLimit: false });
      orgId = server.organizations[0]!.id;
    });
    afterAll(async () => {
      await server?.close();
    });

    const openOf = (memberId: string) =>
      orderAssigned(
        server
          .wireTasks(orgId)
          .filter(
            (t) => (t['assignee'] as { id?: string } | null)?.id === memberId,
          ) as unknown as Task[],
      );

    it('with a key: say who you are, watch it fill in, change a task there', async () => {
      const h = await suite.startMain();
      unwrap(await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full }));
      const { page } = await suite.openPopup(h);
      await page.getByRole('heading', { name: server.organizations[0]!.name }).waitFor();
      await page
        .getByRole('navigation', { name: 'Places' })
        .getByRole('button', { name: 'Assigned' })
        .click();
      await page.getByRole('heading', { name: 'Who are you?' }).waitFor();
      const people = page.getByRole('list', { name: 'People' });
      await people.getByRole('button').first().waitFor();
      await screenshots(page, 'assigned-who');
      await expectAccessible(page, 'assigned: who are you');

      const members = unwrap(await h.call('listPeople'));
      const me = [...members].sort((a, b) => openOf(b.id).length - openOf(a.id).length)[0]!;
      const mine = openOf(me.id);
      expect(mine.length).toBeGreaterThan(0);
      // Slow answers, so the progress can be seen.
      server.faults.latencyMs = 150;
      await page.getByRole('searchbox', { name: /Search people/ }).fill(me.email!.slice(0, 5));
      await people.getByRole('button', { name: new RegExp(me.name!) }).click();
      await page.getByText(/Finding your tasks: \d+ of \d+ vendors and risks read/).waitFor();
      await page.getByRole('progressbar', { name: 'Vendors and risks read' }).waitFor();
      server.faults.latencyMs = 0;

      const list = page.getByRole('list', { name: 'Tasks assigned to me' });
      await list.waitFor({ timeout: 20_000 });
      await expect
        .poll(() =>
          list
            .locator('li[data-task-id]')
            .evaluateAll((els) => els.map((e) => e.getAttribute('data-task-id'))),
        )
        .toEqual(mine.map((t) => t.id));
      await screenshots(page, 'assigned-list');
      await expectAccessible(page, 'assigned list');

      const t = mine[0]!;
      await chooseStatus(list.locator(`li[data-task-id="${t.id}"]`), 'In review');
      await expect.poll(() => server.getTask(orgId, t.id)?.status).toBe('in_review');
    }, 60_000);

    it("a key without vendor:read: the risks' tasks are gathered, and the note says which scope vendors need", async () => {
      const h = await suite.startMain();
      unwrap(
        await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.colleague }),
      );
      const { page } = await suite.openPopup(h);
      await page.getByRole('heading', { name: server.organizations[0]!.name }).waitFor();
      await page
        .getByRole('navigation', { name: 'Places' })
        .getByRole('button', { name: 'Assigned' })
        .click();
      await page
        .getByRole('list', { name: 'People' })
        .getByRole('button', { name: /Maya Chen/ })
        .click();
      await page
        .getByText(/Vendors' tasks are not included: .*vendor:read/)
        .waitFor({ timeout: 20_000 });
      const mayaRisks = openOf('mem_n1maya7q2c').filter((t) => t.entityType === 'risk');
      const list = page.getByRole('list', { name: 'Tasks assigned to me' });
      await expect
        .poll(() => list.locator('li[data-task-id]').count(), { timeout: 20_000 })
        .toBe(mayaRisks.length);
      await expectAccessible(page, 'assigned without vendors');
    }, 60_000);

    it('against a service without the reads: says why, and a pasted link still works as before', async () => {
      const bare = await startDemoServer({
        host: '127.0.0.1',
        port: 0,
        rateLimit: false,
        reads: false,
      });
      try {
        const h = await suite.startMain();
        unwrap(await h.call('connectApiKey', { baseUrl: bare.baseUrl, apiKey: bare.keys.full }));
        const { page } = await suite.openPopup(h);
        await page.getByRole('heading', { name: bare.organizations[0]!.name }).waitFor();
        const [id] = bare.taskIds(bare.organizations[0]!.id);
        const input = page.getByLabel('Pin a task by id or link');
        await input.fill(id!);
        await input.press('Enter');
        const row = page.locator(`li[data-task-id="${id!}"]`);
        await chooseStatus(row, 'Done');
        await expect.poll(() => bare.getTask(bare.organizations[0]!.id, id!)?.status).toBe('done');
        await page
          .getByRole('navigation', { name: 'Places' })
          .getByRole('button', { name: 'Assigned' })
          .click();
        await page
          .getByRole('alert')
          .getByText(/does not list/)
          .waitFor();
        await expectAccessible(page, 'assigned unavailable');
      } finally {
        await bare.close();
      }
    });
  },
);
