import { useEffect, useState } from 'react';
import type { UpdateFooterLine } from '../../common/update-line';
import { useApi } from '../hooks/api-context';

/**
 * What the updater has to say, above the footer, with its one button
 * ("Restart to update", "Get the .deb", "Try again"). One of the home
 * screen's later parts: drawn once the popup is idle after its first paint.
 */
export function UpdateLine() {
  const api = useApi();
  const [line, setLine] = useState<UpdateFooterLine | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    const off = api.on('update:changed', (next) => {
      current = false; // an event is newer than any answer still on its way
      setLine(next);
    });
    void api.getUpdate().then((r) => {
      if (current && r.ok) setLine(r.value);
    });
    return off;
  }, [api]);

  if (!line) return null;
  const action = line.action;
  return (
    // Download progress is not announced step by step; what to do (or what failed) is.
    <div
      className={`update-line update-line--${line.tone}`}
      role={line.tone === 'progress' ? undefined : 'status'}
    >
      <span className="update-line__text">{line.text}</span>
      {action && (
        <button
          type="button"
          className="link-button"
          onClick={() =>
            void api.performUpdate({ action: action.id }).then((r) => {
              setError(r.ok ? null : r.error.message);
            })
          }
        >
          {action.label}
        </button>
      )}
      {error && <span className="update-line__error">{error}</span>}
    </div>
  );
}
