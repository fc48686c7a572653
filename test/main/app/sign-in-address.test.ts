import { afterEach, describe, expect, it } from 'vitest';
import type { Confirmation } from '../../../main/app/core';
import { createCoreHarness } from '../../helpers/app-core';
import type { CoreHarness } from '../../helpers/app-core';
import { failure, unwrap } from '../../helpers/result';
import { useTempDirs } from '../../helpers/temp-dir';

/**
 * Issue 34, finding 9: the person types their password into the sign-in
 * page, so a popup that was taken over must not be able to point it
 * elsewhere on its own. Main asks the person itself, in its own dialog.
 */
describe('a sign-in address other than the service’s own web app', () => {
  const tempDir = useTempDirs('task-tray-sign-in-address-');
  const harnesses: CoreHarness[] = [];
  afterEach(async () => {
    for (const h of harnesses.splice(0)) await h.core.dispose();
  });
  const started = async (answer: boolean) => {
    const asked: Confirmation[] = [];
    // Never signs in: no keychain is touched.
    const h = createCoreHarness(await tempDir(), 'task-tray-unused', {
      confirm: async (question) => {
        asked.push(question);
        return answer;
      },
    });
    harnesses.push(h);
    await h.core.start();
    return { h, asked };
  };
  const elsewhere = 'https://evil.example/login';

  it('is saved only on the person’s yes in main’s own dialog, which names its origin', async () => {
    const no = await started(false);
    const refused = failure(await no.h.call('setSettings', { signInUrl: elsewhere }));
    expect(refused.message).toMatch(/not changed/);
    expect(unwrap(await no.h.call('getSettings')).signInUrl).toBe('https://app.trycomp.ai/');
    expect(no.asked).toEqual([
      expect.objectContaining({ message: expect.stringContaining('https://evil.example') }),
    ]);

    const yes = await started(true);
    unwrap(await yes.h.call('setSettings', { signInUrl: elsewhere }));
    expect(unwrap(await yes.h.call('getSettings')).signInUrl).toBe(elsewhere);
    // Asked once: a page of the same site later is not asked about again.
    unwrap(await yes.h.call('setSettings', { signInUrl: 'https://evil.example/other' }));
    expect(yes.asked).toHaveLength(1);
  });

  it('the service’s own web app, or another setting, is saved without a question', async () => {
    const { h, asked } = await started(false);
    unwrap(await h.call('setSettings', { signInUrl: 'https://app.trycomp.ai/login' }));
    unwrap(await h.call('setSettings', { requestsPerMinute: 30 }));
    expect(asked).toEqual([]);
  });
});
