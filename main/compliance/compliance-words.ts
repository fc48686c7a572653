import type { ComplianceAvailability } from '../../common/compliance-view';

/**
 * What the popup says of compliance tasks where the service does not offer
 * them to this account: once, beside task items, which work as before.
 */
export function complianceNote(
  availability: ComplianceAvailability,
  authKind: 'api-key' | 'session',
): string | null {
  if (availability === 'absent')
    return "Compliance tasks aren't available from this service — showing task items only";
  if (availability === 'not_permitted')
    return authKind === 'api-key'
      ? "Compliance tasks aren't available with this key — showing task items only"
      : "Compliance tasks aren't available to your role — showing task items only";
  return null;
}
