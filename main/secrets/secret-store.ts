import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';

/**
 * Where a profile's secret (API key or session cookie) lives. One account per
 * profile: the account is the profile id. Only main holds one of these.
 */
export interface SecretStore {
  /** The secret, or null when this account has none. */
  get(account: string): Promise<Result<string | null>>;
  /** Stores or replaces the secret of this account. */
  set(account: string, secret: string): Promise<Result<null>>;
  /** true when there was a secret to delete, false when there was none. */
  delete(account: string): Promise<Result<boolean>>;
}

/** Profile ids are short; anything longer is a bug upstream, not an account name. */
const MAX_ACCOUNT_LENGTH = 256;

/**
 * Checks an account name before it reaches a keychain. A NUL is refused because
 * libsecret and the Windows API take C strings: the name would be cut short and
 * two profiles could end up sharing one entry.
 */
export const checkAccount = (account: unknown): Result<string> => {
  if (typeof account !== 'string' || account.trim() === '')
    return err(
      appError('bad_input', 'A secret needs a profile to belong to: the account is empty.'),
    );
  if (account.length > MAX_ACCOUNT_LENGTH)
    return err(
      appError('bad_input', `An account name is at most ${MAX_ACCOUNT_LENGTH} characters.`),
    );
  if (account.includes('\0'))
    return err(appError('bad_input', 'An account name cannot contain a NUL character.'));
  return ok(account);
};

/**
 * Checks a secret before it is stored. The messages never repeat the secret.
 * A NUL is refused for the same reason as in account names: a C-string keychain
 * would silently keep only the part before it, and the stored key would not work.
 */
export const checkSecret = (secret: unknown): Result<string> => {
  if (typeof secret !== 'string' || secret.trim() === '')
    return err(appError('bad_input', 'The key is empty: paste the whole key and try again.'));
  if (secret.includes('\0'))
    return err(
      appError(
        'bad_input',
        'The key contains a NUL character, which the keychain cannot store. Copy the key again.',
      ),
    );
  return ok(secret);
};
