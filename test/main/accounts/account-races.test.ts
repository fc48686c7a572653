import { join } from 'node:path';
import keytar from 'keytar';
import { describe, expect, it } from 'vitest';
import { useAccountServiceStarts } from '../../helpers/account-service-start';
import { keychainGate } from '../../helpers/keychain';
import { unwrap } from '../../helpers/result';

const gate = await keychainGate();

/** Account changes asked for side by side: each ends as if they had run one after another. */
describe.skipIf(gate.skip)('account changes at the same time', () => {
  const { tempDir, service, server, start } = useAccountServiceStarts(gate);
  const keyKept = async (id: string) =>
    (await keytar.findCredentials(service)).some((c) => c.account === id);

  it('removing an account while it connects again leaves no key without its account', async () => {
    const filePath = join(await tempDir(), 'settings.json');
    let hold: { reached: () => void; until: Promise<void> } | null = null;
    const { accounts } = await start(filePath, () => {
      const held = hold;
      hold = null;
      if (!held) return Promise.resolve();
      held.reached();
      return held.until;
    });
    unwrap(await accounts.signInWithSession());
    const id = accounts.active()?.profile.id ?? '';
    expect(id).not.toBe('');

    // The same person signs in again: held once their key is in the keychain, before their
    // profile is saved. Meanwhile they remove the account from the settings still open.
    let release = (): void => {};
    const reached = new Promise<void>((reachedSave) => {
      hold = { reached: reachedSave, until: new Promise<void>((go) => (release = go)) };
    });
    const connecting = accounts.signInWithSession();
    await reached;
    const removing = accounts.remove(id);
    release();
    unwrap(await removing);
    unwrap(await connecting);

    // One after the other, whichever first: the account and its key are gone together, or
    // both there. Here the removal was asked for last.
    const listed = accounts.status().profiles.some((p) => p.id === id);
    const onNextStart = (await start(filePath)).accounts.status().profiles.some((p) => p.id === id);
    const inKeychain = await keyKept(id);
    expect({ listed, onNextStart, inKeychain }).toEqual({
      listed: false,
      onNextStart: false,
      inKeychain: false,
    });
  });

  it('switching to an account while it is removed does not show it', async () => {
    const filePath = join(await tempDir(), 'settings.json');
    const { accounts } = await start(filePath);
    unwrap(await accounts.signInWithSession());
    const first = accounts.active()?.profile.id ?? '';
    unwrap(await accounts.connectApiKey({ baseUrl: server().baseUrl, apiKey: server().keys.full }));
    const second = accounts.active()?.profile.id ?? '';
    expect(new Set([first, second, ''])).toHaveLength(3);

    // The first account is picked in the tray's menu as it is removed in Settings.
    const switching = accounts.switchTo(first);
    const removing = accounts.remove(first);
    unwrap(await switching);
    unwrap(await removing);

    // One after the other: shown, then removed, and the other account shown again.
    const status = accounts.status();
    expect(status.state === 'connected' && status.profile.id).toBe(second);
    expect(status.profiles.map((p) => p.id)).toEqual([second]);
    expect(await keyKept(first)).toBe(false);
    expect((await start(filePath)).accounts.active()?.profile.id).toBe(second);
  });
});
