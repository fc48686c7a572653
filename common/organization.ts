import { z } from 'zod';

export const AUTH_TYPES = ['api-key', 'session', 'service'] as const;

/**
 * The authenticated organization. Every field but id is treated as optional:
 * the interface does not say which are required, and the real service sends
 * nulls for several. The device fields arrive under either name
 * (seed: deviceLabelId / isDeviceSetupCompleted; real wire: fleetDmLabelId /
 * isFleetSetupCompleted) and come out under the neutral one.
 */
export const OrganizationSchema = z
  .looseObject({
    id: z.string(),
    name: z.string().nullish(),
    slug: z.string().nullish(),
    logo: z.string().nullish(),
    logoUrl: z.string().nullish(),
    metadata: z.unknown().optional(),
    website: z.string().nullish(),
    onboardingCompleted: z.boolean().nullish(),
    hasAccess: z.boolean().nullish(),
    deviceLabelId: z.number().int().nullish(),
    isDeviceSetupCompleted: z.boolean().nullish(),
    fleetDmLabelId: z.number().int().nullish(),
    isFleetSetupCompleted: z.boolean().nullish(),
    primaryColor: z.string().nullish(),
    createdAt: z.string().nullish(),
    authType: z.string().nullish(),
  })
  .transform(({ fleetDmLabelId, isFleetSetupCompleted, ...o }) => {
    const warnings: string[] = [];
    if (o.authType != null && !(AUTH_TYPES as readonly string[]).includes(o.authType)) {
      warnings.push(`Unknown authentication type "${o.authType}"`);
    }
    if (o.primaryColor != null && !/^#[0-9a-fA-F]{6}$/.test(o.primaryColor)) {
      warnings.push(`Primary colour "${o.primaryColor}" is not #RRGGBB`);
    }
    return {
      ...o,
      deviceLabelId: o.deviceLabelId ?? fleetDmLabelId ?? null,
      isDeviceSetupCompleted: o.isDeviceSetupCompleted ?? isFleetSetupCompleted ?? null,
      warnings,
    };
  });
export type Organization = z.output<typeof OrganizationSchema>;
