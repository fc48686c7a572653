import { useEffect, useState } from 'react';

/** What was just done to the pinned list, or why it could not be (an undo is the toast's). */
export interface Announcement {
  readonly text: string;
  readonly tone: 'info' | 'error';
}

/**
 * How long news stays: long enough to read, then it goes, so it never sits
 * over later errors. Errors stay until dismissed.
 */
export const ANNOUNCEMENT_MS = { info: 6_000 } as const;

/** The one announcement shown under the pinned list, gone after its time. */
export function useAnnouncement() {
  const [announcement, setAnnouncement] = useState<Announcement | null>(null);
  useEffect(() => {
    if (!announcement || announcement.tone === 'error') return;
    const timer = setTimeout(
      () => setAnnouncement((a) => (a === announcement ? null : a)),
      ANNOUNCEMENT_MS.info,
    );
    return () => clearTimeout(timer);
  }, [announcement]);
  return [announcement, setAnnouncement] as const;
}
