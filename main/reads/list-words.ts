import type { EntityType } from '../../common/task-values';

/** What a list cut short says (docs/ARCHITECTURE.md, invariant 8: totals are bounded too). */

const count = (n: number): string => n.toLocaleString('en-US');

/** Browse's vendors and risks, when the service listed more than are kept. */
export const entitiesCut = (shown: number): string =>
  `The first ${count(shown)} vendors and risks are shown: the service lists more, which the web app shows.`;

/** One vendor's or risk's tasks, when the list was cut short (its size, or the time it took). */
export const tasksCut = (shown: number, of: EntityType): string =>
  `The first ${count(shown)} task${shown === 1 ? ' is' : 's are'} shown: this ${of} has more, which the web app lists.`;

/** "about 20 s", "about 2 min": a wait as a person reads it, never "0 s". */
export const aboutHowLong = (ms: number): string => {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds < 90 ? `about ${seconds} s` : `about ${Math.round(seconds / 60)} min`;
};

/** Why something the person asked for has not come yet, and for about how long. */
export const readWaitWords = (ms: number): string =>
  `Waiting for the service's limit, ${aboutHowLong(ms)}`;
