import { ok } from '../../common/result';
import type { Result } from '../../common/result';
import { checkAccount, checkSecret } from './secret-store';
import type { SecretStore } from './secret-store';

/**
 * Secrets held in this process only, gone when it exits. The demo profile uses
 * it: its key belongs to a throwaway local service and must never reach the
 * keychain or a file. It checks input exactly like the keychain store, so code
 * written against one behaves the same against the other.
 */
export function createMemorySecretStore(): SecretStore {
  const secrets = new Map<string, string>();
  return {
    async get(account: string): Promise<Result<string | null>> {
      const a = checkAccount(account);
      if (!a.ok) return a;
      return ok(secrets.get(a.value) ?? null);
    },
    async set(account: string, secret: string): Promise<Result<null>> {
      const a = checkAccount(account);
      if (!a.ok) return a;
      const s = checkSecret(secret);
      if (!s.ok) return s;
      secrets.set(a.value, s.value);
      return ok(null);
    },
    async delete(account: string): Promise<Result<boolean>> {
      const a = checkAccount(account);
      if (!a.ok) return a;
      return ok(secrets.delete(a.value));
    },
  };
}
