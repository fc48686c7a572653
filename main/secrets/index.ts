export type { SecretStore } from './secret-store';
export {
  createKeychainSecretStore,
  DEFAULT_KEYCHAIN_SERVICE,
  WINDOWS_MAX_SECRET_BYTES,
} from './keychain-secret-store';
export type { KeychainSecretStoreOptions } from './keychain-secret-store';
export { createMemorySecretStore } from './memory-secret-store';
