import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import type { PinnedTaskView } from '../../common/views';
import { TaskSection } from '../../renderer/components/TaskSection';
import { ANNOUNCEMENT_MS } from '../../renderer/hooks/use-announcement';
import { createFakeApi, deferred } from './fake-api';
import type { FakeApi } from './fake-api';
import { complianceView, view } from './fixtures';
import { renderWithApi } from './render-app';

const LINK =
  'https://app.example.com/org_7kq2m9x4v1pz/vendors/vnd_k2j3h4?taskItemId=tski_new42#task-items';

const setup = async (fake: FakeApi = createFakeApi({ tasks: [view()] })) => {
  const r = renderWithApi({}, <TaskSection />, fake);
  await screen.findByText('Review the SOC 2 report');
  const input = screen.getByLabelText('Pin a task by id or link') as HTMLInputElement;
  return { ...r, input, pin: screen.getByRole('button', { name: 'Pin' }) };
};

describe('pinning a task', () => {
  it('takes a pasted web-app link and pins the task it names', async () => {
    const { user, input, fake } = await setup();
    await user.click(input);
    await user.paste(LINK);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('tski_new42')).toBeTruthy();
    expect(fake.callsOf('pinTask')).toEqual([{ ref: LINK }]);
    expect(input.value).toBe('');
    expect(await screen.findByText('Pinned tski_new42.')).toBeTruthy();
  });

  it('"Pinned …" goes when the person types again, and after a few seconds; the new row is scrolled to', async () => {
    const scrolled: string[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push((this as HTMLElement).dataset.taskId ?? '');
    };
    try {
      const { user, input } = await setup();
      await user.click(input);
      await user.paste(LINK);
      await user.keyboard('{Enter}');
      expect(await screen.findByText('Pinned tski_new42.')).toBeTruthy();
      await waitFor(() => expect(scrolled).toContain('tski_new42'));
      await user.type(input, 't');
      expect(screen.queryByText('Pinned tski_new42.')).toBeNull();

      await user.clear(input);
      await user.type(input, 'tski_abc999{Enter}');
      expect(await screen.findByText('Pinned tski_abc999.')).toBeTruthy();
      await waitFor(() => expect(screen.queryByText('Pinned tski_abc999.')).toBeNull(), {
        timeout: ANNOUNCEMENT_MS.info + 2_000,
      });
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  }, 15_000);

  it('takes a bare id', async () => {
    const { user, input, pin, fake } = await setup();
    await user.type(input, 'tski_abc999');
    await user.click(pin);
    expect(fake.callsOf('pinTask')).toEqual([{ ref: 'tski_abc999' }]);
  });

  it('says exactly what is wrong with the text, sends nothing, and keeps it', async () => {
    const { user, input, pin, fake } = await setup();
    await user.type(input, 'tski_ab-c');
    await user.click(pin);
    expect(screen.getByRole('alert').textContent).toContain('"-"');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.value).toBe('tski_ab-c');
    expect(fake.callsOf('pinTask')).toHaveLength(0);
  });

  it('does not echo back what was pasted by mistake (an API key, say)', async () => {
    const { user, input, pin } = await setup();
    await user.click(input);
    await user.paste('comp_4f9a0c1d2e3b4a5968778695a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5');
    await user.click(pin);
    expect(screen.getByRole('alert').textContent).not.toContain('comp_4f9a');
  });

  it('shows the service’s refusal and keeps the text to fix', async () => {
    const fake = createFakeApi({ tasks: [view()] });
    fake.answer('pinTask', async () =>
      err(
        appError(
          'not_found',
          'Task item not found: check the id, or that it belongs to this organization.',
        ),
      ),
    );
    const { user, input, pin } = await setup(fake);
    await user.type(input, 'tski_missing1');
    await user.click(pin);
    expect((await screen.findByRole('alert')).textContent).toContain('Task item not found');
    expect(input.value).toBe('tski_missing1');
  });

  it('one pin at a time however often Enter is pressed', async () => {
    const fake = createFakeApi({ tasks: [view()] });
    const answer = deferred<Result<PinnedTaskView>>();
    fake.answer('pinTask', () => answer.promise);
    const { user, input } = await setup(fake);
    await user.type(input, 'tski_slow1{Enter}{Enter}{Enter}');
    expect(fake.callsOf('pinTask')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Pinning…' })).toBeTruthy();
    await act(async () => answer.resolve(ok(view({ id: 'tski_slow1', snapshot: null }))));
    expect(screen.getByText('tski_slow1')).toBeTruthy();
  });

  it('says so when the task is already pinned, without asking main', async () => {
    const { user, input, fake } = await setup();
    await user.type(input, 'tski_abc123{Enter}');
    expect(screen.getByText('That task is already pinned.')).toBeTruthy();
    expect(fake.callsOf('pinTask')).toHaveLength(0);
  });
});

describe('task on the clipboard', () => {
  it('is offered when the popup opens, and pinned in one click', async () => {
    const fake = createFakeApi({
      tasks: [view()],
      clipboard: { taskId: 'tski_clip7', entityType: 'risk', organizationId: 'org_7kq2m9x4v1pz' },
    });
    const { user } = await setup(fake);
    const offer = await screen.findByRole('group', { name: 'Task on the clipboard' });
    expect(offer.textContent).toContain('tski_clip7');
    expect(offer.textContent).toContain('Risk');
    await user.click(screen.getByRole('button', { name: 'Pin it' }));
    // The link's organization and entity go with it, so main can check them.
    expect(fake.callsOf('pinTask')).toEqual([
      { ref: { taskId: 'tski_clip7', entityType: 'risk', organizationId: 'org_7kq2m9x4v1pz' } },
    ]);
    expect(await screen.findByText('tski_clip7')).toBeTruthy();
    // Pinned now: no longer offered.
    expect(screen.queryByRole('group', { name: 'Task on the clipboard' })).toBeNull();
  });

  it('a compliance task on the clipboard is pinned through its own channel; a refusal is said, a pin ends the offer', async () => {
    const fake = createFakeApi({ tasks: [view()], clipboard: { taskId: 'tsk_comp1' } });
    fake.answer('pinComplianceTask', async () =>
      err(appError('invalid', 'This task is in another organization.')),
    );
    const { user } = await setup(fake);
    const offer = await screen.findByRole('group', { name: 'Task on the clipboard' });
    await user.click(screen.getByRole('button', { name: 'Pin it' }));
    expect(fake.callsOf('pinComplianceTask')).toEqual([
      { ref: { taskId: 'tsk_comp1' }, open: true },
    ]);
    expect(fake.callsOf('pinTask')).toEqual([]);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not pin tsk_comp1: This task is in another organization.',
    );
    fake.answer('pinComplianceTask', async () => ok(complianceView()));
    await user.click(screen.getByRole('button', { name: 'Pin it' }));
    // Main opens its view; here, the offer is done.
    await waitFor(() =>
      expect(screen.queryByRole('group', { name: 'Task on the clipboard' })).toBeNull(),
    );
    expect(offer.isConnected).toBe(false);
  });

  it('is not offered when it is already pinned, or when dismissed', async () => {
    const fake = createFakeApi({ tasks: [view()], clipboard: { taskId: 'tski_abc123' } });
    const { user } = await setup(fake);
    // Looked at once the first screen has painted.
    await waitFor(() => expect(fake.callsOf('readClipboardTaskRef')).toHaveLength(1));
    expect(screen.queryByRole('group', { name: 'Task on the clipboard' })).toBeNull();

    fake.state.clipboard = { taskId: 'tski_other1' };
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    const offer = await screen.findByRole('group', { name: 'Task on the clipboard' });
    expect(offer.textContent).toContain('tski_other1');
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('group', { name: 'Task on the clipboard' })).toBeNull();
  });

  it('names the task by its title where main has read it, not by its id', async () => {
    const fake = createFakeApi({
      tasks: [view()],
      clipboard: { taskId: 'tski_clip7' },
      clipboardTitle: 'Collect evidence for the \u202Eannual access review',
    });
    const { user } = await setup(fake);
    const offer = await screen.findByRole('group', { name: 'Task on the clipboard' });
    // Without bidi controls, as every title from the service is shown.
    expect(offer.textContent).toContain('“Collect evidence for the annual access review”');
    expect(offer.textContent).not.toContain('tski_clip7');
    await user.click(screen.getByRole('button', { name: 'Pin it' }));
    expect(fake.callsOf('pinTask')).toEqual([{ ref: { taskId: 'tski_clip7' } }]);
  });

  it('looks again each time the popup is shown', async () => {
    const fake = createFakeApi({ tasks: [view()] });
    await setup(fake);
    await waitFor(() => expect(fake.callsOf('readClipboardTaskRef')).toHaveLength(1));
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(fake.callsOf('readClipboardTaskRef')).toHaveLength(2);
  });
});
