import type * as Keytar from 'keytar';
import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import { keychainUnavailable } from './keychain-messages';
import { checkAccount, checkSecret } from './secret-store';
import type { SecretStore } from './secret-store';

export const DEFAULT_KEYCHAIN_SERVICE = 'Task Tray';

/**
 * Windows Credential Manager keeps at most 5 × 512 bytes per credential
 * (CRED_MAX_CREDENTIAL_BLOB_SIZE) and keytar stores the UTF-8 bytes: refuse a
 * longer secret up front rather than let the OS fail with a vague error.
 */
export const WINDOWS_MAX_SECRET_BYTES = 2560;

export interface KeychainSecretStoreOptions {
  /** The keychain's service name; tests use their own so they never touch real entries. */
  readonly service?: string;
  /** Which OS's advice to give when the keychain fails; defaults to this process's. */
  readonly platform?: NodeJS.Platform;
  /** How keytar is loaded; a test passes a failing one to stand for a missing libsecret. */
  readonly loadKeytar?: () => Promise<typeof Keytar>;
}

/**
 * keytar is loaded on first use, not when main starts: its native module
 * links against libsecret on Linux, and where that is missing the person
 * must see "install a keyring" rather than an app that does not start.
 */
const importKeytar = async (): Promise<typeof Keytar> => {
  const m = (await import('keytar')) as typeof Keytar & { default?: typeof Keytar };
  return m.default ?? m;
};

/**
 * The OS keychain through keytar (macOS Keychain, Windows Credential Manager,
 * Secret Service on Linux). Every keytar failure becomes `keychain_unavailable`
 * with the fix for the platform; there is deliberately no fallback store.
 */
export function createKeychainSecretStore(opts: KeychainSecretStoreOptions = {}): SecretStore {
  const service = opts.service ?? DEFAULT_KEYCHAIN_SERVICE;
  const platform = opts.platform ?? process.platform;
  let loaded: Promise<typeof Keytar> | undefined;
  const keytar = (): Promise<typeof Keytar> => (loaded ??= (opts.loadKeytar ?? importKeytar)());

  return {
    async get(account: string): Promise<Result<string | null>> {
      const a = checkAccount(account);
      if (!a.ok) return a;
      try {
        return ok(await (await keytar()).getPassword(service, a.value));
      } catch (cause) {
        return err(keychainUnavailable(platform, 'read', cause));
      }
    },

    async set(account: string, secret: string): Promise<Result<null>> {
      const a = checkAccount(account);
      if (!a.ok) return a;
      const s = checkSecret(secret);
      if (!s.ok) return s;
      if (platform === 'win32' && Buffer.byteLength(s.value, 'utf8') > WINDOWS_MAX_SECRET_BYTES)
        return err(
          appError(
            'bad_input',
            `The key is longer than Windows Credential Manager can hold (${WINDOWS_MAX_SECRET_BYTES} bytes).`,
          ),
        );
      try {
        await (await keytar()).setPassword(service, a.value, s.value);
        return ok(null);
      } catch (cause) {
        return err(keychainUnavailable(platform, 'save', cause, s.value));
      }
    },

    async delete(account: string): Promise<Result<boolean>> {
      const a = checkAccount(account);
      if (!a.ok) return a;
      try {
        return ok(await (await keytar()).deletePassword(service, a.value));
      } catch (cause) {
        return err(keychainUnavailable(platform, 'remove', cause));
      }
    },
  };
}
