import { z } from 'zod';
import { clip } from './bounds';

/** Free text from the service the app shows: kept, shortened when longer than `max`. Apart from bounds.ts so the renderer's bundle does not pull in zod. */
export const clipped = (max: number) => z.string().transform((s) => clip(s, max));
