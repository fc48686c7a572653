/**
 * Enough of a secret to recognise it ("comp_…9f3a"), never enough to use it:
 * a known prefix and the last four characters, and only when the secret is
 * long enough that those eight characters leave most of it hidden.
 */
export function secretHint(secret: string): string {
  const prefix = /^[A-Za-z]{2,8}_/.exec(secret)?.[0] ?? '';
  if (secret.length < 20) return `${prefix}••••`;
  return `${prefix}…${secret.slice(-4)}`;
}
