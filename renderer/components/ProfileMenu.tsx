import '../styles/profile-menu.css';
import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { AccountStatus, ProfileView } from '../../common/views';
import { useApi } from '../hooks/api-context';
import { useMain } from '../hooks/use-main';
import { profileDetail } from '../lib/profile-detail';

/**
 * Every profile kept on this computer, the shown one checked: choosing one
 * shows it at once (no sign-in). Arrow keys move, Enter chooses, Esc closes
 * back to the button without hiding the popup.
 */
export function ProfileMenu(props: {
  readonly status: AccountStatus;
  readonly onClose: (refocus: boolean) => void;
  readonly onSwitched: (status: AccountStatus) => void;
  readonly onAddAccount: () => void;
  readonly onManageAccounts: () => void;
}) {
  const api = useApi();
  const connection = useMain('connection').state;
  const waiting = connection.phase === 'ready' ? connection.value.waitingElsewhere : undefined;
  const { status } = props;
  const shownId = status.state === 'connected' ? status.profile.id : null;
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const menu = useRef<HTMLDivElement>(null);

  const items = () => [
    ...(menu.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? []),
  ];
  useEffect(() => {
    // Opened: the shown profile (or the first item) has focus, as in a native menu.
    const all = items();
    (all.find((i) => i.getAttribute('aria-checked') === 'true') ?? all[0])?.focus();
  }, []);

  const choose = async (p: ProfileView) => {
    if (busy) return;
    if (p.id === shownId) return props.onClose(true);
    setBusy(p.id);
    setError(null);
    const r = await api.switchProfile({ profileId: p.id });
    setBusy(null);
    if (r.ok) props.onSwitched(r.value);
    else setError(r.error.message);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      e.preventDefault();
      all[(to + all.length) % all.length]?.focus();
    };
    if (e.key === 'ArrowDown') move(at + 1);
    else if (e.key === 'ArrowUp') move(at - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(all.length - 1);
    else if (e.key === 'Escape') {
      // Closes the menu only: the popup stays (use-escape-hides skips a handled Esc).
      e.preventDefault();
      props.onClose(true);
    } else if (e.key === 'Tab') props.onClose(false);
  };

  return (
    <div
      ref={menu}
      className="profile-menu"
      role="menu"
      aria-label="Accounts"
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        // Focus went elsewhere (a click outside): the menu closes, as a menu does.
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) props.onClose(false);
      }}
    >
      {status.profiles.map((p) => {
        const n = p.id === shownId ? 0 : (waiting?.[p.id] ?? 0);
        return (
          <button
            key={p.id}
            type="button"
            role="menuitemradio"
            aria-checked={p.id === shownId}
            tabIndex={-1}
            className="profile-menu__item"
            onClick={() => void choose(p)}
          >
            <span className="profile-menu__check" aria-hidden="true">
              {p.id === shownId ? '✓' : ''}
            </span>
            <span className="profile-menu__text">
              <span className="profile-menu__name">
                {busy === p.id ? `Switching to ${p.name}…` : p.name}
              </span>
              <span className="profile-menu__detail">{profileDetail(p, 0)}</span>
              {n > 0 && (
                <span className="profile-menu__waiting">
                  {n === 1
                    ? '1 change waiting, sent in the background'
                    : `${n} changes waiting, sent in the background`}
                </span>
              )}
            </span>
          </button>
        );
      })}
      {error && (
        <p className="profile-menu__error" role="alert">
          {error}
        </p>
      )}
      <div className="profile-menu__separator" role="separator" />
      <button
        type="button"
        role="menuitem"
        tabIndex={-1}
        className="profile-menu__item profile-menu__item--plain"
        onClick={props.onAddAccount}
      >
        Add an account…
      </button>
      <button
        type="button"
        role="menuitem"
        tabIndex={-1}
        className="profile-menu__item profile-menu__item--plain"
        onClick={props.onManageAccounts}
      >
        Manage accounts…
      </button>
    </div>
  );
}
