import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * A profile is one identity at one organization of one service: its pins and
 * its waiting changes belong to whoever made them (docs/ARCHITECTURE.md, invariant 7).
 * Two keys to the same organization are two profiles, so a change queued
 * with one key is never sent with another, and the audit trail names the
 * person who made it. The same key (or the same person's web session)
 * connecting again finds its pins and waiting changes again.
 *
 * The id is also the keychain account name and sits in settings.json, so it
 * reveals nothing of the secret: a key is named by an HMAC under a random
 * key of this installation (FingerprintKey), never by the key itself.
 */
export function profileIdFor(
  baseUrl: string,
  organizationId: string,
  authKind: 'api-key' | 'session',
  identity: string,
): string {
  const digest = createHash('sha256')
    .update(`${authKind}\n${baseUrl}\n${organizationId}\n${identity}`)
    .digest('hex');
  return `profile_${digest.slice(0, 16)}`;
}

/** A new random key for fingerprints, kept in settings (hex). */
export const newFingerprintKey = (): string => randomBytes(32).toString('hex');

/**
 * Who is behind a credential. A web session names its user (the service's
 * `authenticatedUser.id`), so signing in again is the same identity; without
 * it, and for an API key, the secret's keyed fingerprint.
 */
export function identityOf(
  secret: string,
  fingerprintKey: string,
  sessionUserId: string | null,
): string {
  if (sessionUserId) return `user:${sessionUserId}`;
  const mac = createHmac('sha256', Buffer.from(fingerprintKey, 'hex')).update(secret.trim());
  return `secret:${mac.digest('hex').slice(0, 32)}`;
}
