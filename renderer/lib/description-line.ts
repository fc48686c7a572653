import { descriptionText } from '../../common/description';
import { firstLine } from './task-model';

/**
 * A rich-text description's first line, for a row's tooltip. Its own module:
 * the document reader (common/description.ts, 1.2 KB gzip) is not part of the
 * first screen's code, and plain descriptions, the common case, never need it.
 */
export const descriptionLine = (value: unknown): string => firstLine(descriptionText(value));
