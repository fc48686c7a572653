import { useEffect, useState } from 'react';

/** A rich-text description's first line, once its reader has loaded; '' until then or for none. */
export function useDescriptionLine(rich: unknown): string {
  const [line, setLine] = useState<{ readonly of: unknown; readonly text: string } | null>(null);
  useEffect(() => {
    if (rich === null || rich === undefined) return;
    let live = true;
    void import('../lib/description-line').then((m) => {
      if (live) setLine({ of: rich, text: m.descriptionLine(rich) });
    });
    return () => {
      live = false;
    };
  }, [rich]);
  return line !== null && line.of === rich ? line.text : '';
}
