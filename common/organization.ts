import { z } from 'zod';
import { BOUNDS, boundedJson } from './bounds';
import { clipped } from './bounded-string';

export const AUTH_TYPES = ['api-key', 'session', 'service'] as const;

/**
 * The authenticated organization. Every field but id is treated as optional:
 * the interface does not say which are required, and the real service sends
 * nulls for several. The device fields arrive under either name
 * (seed: deviceLabelId / isDeviceSetupCompleted; real wire: fleetDmLabelId /
 * isFleetSetupCompleted) and come out under the neutral one.
 */
const Id = z.string().max(BOUNDS.id);

/** Metadata is shown as key/values: kept when small and shallow, otherwise dropped with a warning. */
const keepMetadata = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  (typeof value === 'string'
    ? value.length <= BOUNDS.metadata
    : boundedJson(value, 4, BOUNDS.metadata) !== null);

export const OrganizationSchema = z
  .object({
    id: Id,
    name: clipped(BOUNDS.name).nullish(),
    slug: clipped(BOUNDS.name).nullish(),
    logo: clipped(BOUNDS.url).nullish(),
    logoUrl: clipped(BOUNDS.url).nullish(),
    metadata: z.unknown().optional(),
    website: clipped(BOUNDS.url).nullish(),
    onboardingCompleted: z.boolean().nullish(),
    hasAccess: z.boolean().nullish(),
    deviceLabelId: z.number().int().nullish(),
    isDeviceSetupCompleted: z.boolean().nullish(),
    fleetDmLabelId: z.number().int().nullish(),
    isFleetSetupCompleted: z.boolean().nullish(),
    primaryColor: Id.nullish(),
    createdAt: Id.nullish(),
    authType: Id.nullish(),
    // With a session: the signed-in user (a user id, not a member id). Names the profile's identity.
    authenticatedUser: z.object({ id: Id, email: clipped(BOUNDS.name).nullish() }).nullish(),
  })
  .transform(({ fleetDmLabelId, isFleetSetupCompleted, metadata, ...o }) => {
    const warnings: string[] = [];
    const metadataKept = keepMetadata(metadata);
    if (!metadataKept) warnings.push('The metadata is too large or too deeply nested to show');
    if (o.authType != null && !(AUTH_TYPES as readonly string[]).includes(o.authType)) {
      warnings.push(`Unknown authentication type "${o.authType}"`);
    }
    if (o.primaryColor != null && !/^#[0-9a-fA-F]{6}$/.test(o.primaryColor)) {
      warnings.push(`Primary colour "${o.primaryColor}" is not #RRGGBB`);
    }
    return {
      ...o,
      ...(metadata !== undefined ? { metadata: metadataKept ? metadata : null } : {}),
      deviceLabelId: o.deviceLabelId ?? fleetDmLabelId ?? null,
      isDeviceSetupCompleted: o.isDeviceSetupCompleted ?? isFleetSetupCompleted ?? null,
      warnings,
    };
  });
export type Organization = z.output<typeof OrganizationSchema>;
