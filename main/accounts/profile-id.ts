import { createHash } from 'node:crypto';

/**
 * A profile's id comes from where it connects (service URL + organization),
 * so signing out and back in to the same organization finds its pinned tasks
 * again. The id is also the keychain account name, so it must not reveal the
 * secret: it is derived from public values only.
 */
export function profileIdFor(
  baseUrl: string,
  organizationId: string,
  authKind: 'api-key' | 'session',
): string {
  const digest = createHash('sha256')
    .update(`${authKind}\n${baseUrl}\n${organizationId}`)
    .digest('hex');
  return `profile_${digest.slice(0, 16)}`;
}
