import { randomBytes } from 'node:crypto';
import * as keytar from 'keytar';

/**
 * The gate for tests that need the real OS keychain. Locally they skip when
 * there is none; in CI (REQUIRE_KEYCHAIN=1) a missing keychain is a failure,
 * so a broken CI image cannot turn the keychain tests into silent skips.
 */
export const keychainRequired = (): boolean => process.env.REQUIRE_KEYCHAIN === '1';

/** A service name no real entry and no other test run uses. */
export const uniqueTestService = (): string => `Task Tray test ${randomBytes(6).toString('hex')}`;

/**
 * A locked keyring can wait forever for an unlock prompt nobody will answer:
 * after this long the probe calls the keychain unavailable.
 */
const PROBE_GIVE_UP_MS = 10_000;

let probe: Promise<{ available: boolean; reason: string }> | undefined;

const runProbe = async (): Promise<{ available: boolean; reason: string }> => {
  const service = `Task Tray probe ${randomBytes(6).toString('hex')}`;
  const value = randomBytes(8).toString('hex');
  try {
    await keytar.setPassword(service, 'probe', value);
    const back = await keytar.getPassword(service, 'probe');
    await keytar.deletePassword(service, 'probe');
    return back === value
      ? { available: true, reason: '' }
      : { available: false, reason: 'the keychain did not return what was stored' };
  } catch (e) {
    return { available: false, reason: e instanceof Error ? e.message : String(e) };
  }
};

const probeOnce = (): Promise<{ available: boolean; reason: string }> => {
  probe ??= Promise.race([
    runProbe(),
    new Promise<{ available: boolean; reason: string }>((resolve) =>
      setTimeout(
        () => resolve({ available: false, reason: 'the keychain did not answer' }),
        PROBE_GIVE_UP_MS,
      ).unref(),
    ),
  ]);
  return probe;
};

/** Whether keytar can store, read back and delete an entry right now. */
export async function keychainAvailable(): Promise<boolean> {
  return (await probeOnce()).available;
}

export interface KeychainGate {
  /** Pass to describe.skipIf: true only when there is no keychain and none is required. */
  readonly skip: boolean;
  /** Call in beforeAll: throws, failing the suite, when a required keychain is missing. */
  assertAvailable(): void;
}

/**
 * Usage, at the top of a test file:
 *   const gate = await keychainGate();
 *   describe.skipIf(gate.skip)('…', () => { beforeAll(() => gate.assertAvailable()); … });
 */
export async function keychainGate(): Promise<KeychainGate> {
  const { available, reason } = await probeOnce();
  const required = keychainRequired();
  return {
    skip: !available && !required,
    assertAvailable() {
      if (!available)
        throw new Error(
          `REQUIRE_KEYCHAIN=1 but the OS keychain is not usable (${reason}). On Linux run the ` +
            "tests inside dbus-run-session -- sh -c 'echo -n pw | gnome-keyring-daemon --unlock " +
            "--components=secrets >/dev/null; npx vitest run …'.",
        );
    },
  };
}

/** Deletes every entry a test run left under its service name. */
export async function removeTestService(service: string): Promise<void> {
  const left = await keytar.findCredentials(service).catch(() => []);
  await Promise.all(left.map((c) => keytar.deletePassword(service, c.account)));
}
