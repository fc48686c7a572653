/** An ISO date-time as milliseconds to compare by; missing or unreadable ones sort first. */
export const isoTime = (iso: string | null | undefined): number => {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(t) ? -Infinity : t;
};
