/**
 * Run by keychain-unavailable.test.ts in a child process whose environment has
 * no usable keychain (or a locked one). Uses the real store, runs the steps
 * named in TEST_STEPS (default "set,get,delete") on account "profile-1", and
 * prints what each returned as one JSON line. The secret comes in through the
 * environment, so neither this file nor any compile cache of it holds the value.
 */
import { createKeychainSecretStore } from '../../../main/secrets/keychain-secret-store';

const main = async (): Promise<void> => {
  const secret = process.env.TEST_SECRET ?? '';
  const platform = (process.env.TEST_PLATFORM || process.platform) as NodeJS.Platform;
  const steps = (process.env.TEST_STEPS || 'set,get,delete').split(',');
  const store = createKeychainSecretStore({ service: process.env.TEST_SERVICE, platform });
  const out: Record<string, unknown> = {};
  for (const step of steps) {
    if (step === 'set') out.set = await store.set('profile-1', secret);
    if (step === 'get') out.get = await store.get('profile-1');
    if (step === 'delete') out.delete = await store.delete('profile-1');
  }
  process.stdout.write(`${JSON.stringify(out)}\n`);
};

void main();
