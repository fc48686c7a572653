import { join } from 'node:path';
import keytar from 'keytar';
import { describe, expect, it } from 'vitest';
import { useAccountServiceStarts } from '../../helpers/account-service-start';
import { whileFileHeld } from '../../helpers/held-file';
import { keychainGate } from '../../helpers/keychain';
import { failure, unwrap } from '../../helpers/result';

const gate = await keychainGate();

describe.skipIf(gate.skip)('a connect whose settings cannot be saved', () => {
  const { tempDir, service, start } = useAccountServiceStarts(gate);

  it('leaves the keychain entry the unreadable settings still name as it was', async () => {
    const filePath = join(await tempDir(), 'settings.json');
    const first = await start(filePath);
    unwrap(await first.accounts.signInWithSession());
    const saved = await keytar.findCredentials(service);
    expect(saved).toHaveLength(1);

    // The next start finds settings.json held by another program, and the person signs in again.
    await whileFileHeld(filePath, async () => {
      const held = await start(filePath);
      expect(held.loaded.problem?.message).toMatch(/left it as it is/);
      // Same person, same organization: the same account as the one in the file.
      expect(failure(await held.accounts.signInWithSession()).message).toMatch(
        /^Settings not saved: /,
      );
    });
    expect(await keytar.findCredentials(service)).toEqual(saved);

    // Once the file can be read, the account is back, signed in with what the keychain kept.
    const third = await start(filePath);
    expect(third.loaded.problem).toBeNull();
    expect(third.accounts.active()?.profile.id).toBe(saved[0]?.account);
    expect(third.accounts.active()?.profile.hasSecret).toBe(true);
  });
});
