import { z } from 'zod';

/** `{ statusCode, message: string | string[], error }`; the body may also not be JSON at all. */
export const ServiceErrorBodySchema = z.looseObject({
  statusCode: z.number().optional(),
  message: z.union([z.string(), z.array(z.string())]).optional(),
  error: z.string().optional(),
});
export type ServiceErrorBody = z.infer<typeof ServiceErrorBodySchema>;

export const serviceErrorText = (body: ServiceErrorBody): string | undefined => {
  const m = body.message;
  if (Array.isArray(m)) return m.length > 0 ? m.join('; ') : undefined;
  return m && m.trim() ? m : body.error;
};
