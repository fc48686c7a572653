import { lazy, Suspense, useRef, useState } from 'react';
import { useMain } from '../hooks/use-main';
import { SwitchIcon } from './icons';

// The menu's code loads on first open: the first screen carries only this button.
const ProfileMenu = lazy(() => import('./ProfileMenu').then((m) => ({ default: m.ProfileMenu })));

/** The header's way to another account, or to add one: a menu of every profile kept here. */
export function ProfileMenuButton(props: {
  readonly onAddAccount: () => void;
  readonly onManageAccounts: () => void;
}) {
  const account = useMain('account');
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  const a = account.state.phase === 'ready' ? account.state.value : null;
  if (!a) return null;
  const many = a.profiles.length > 1;
  // With several accounts on one organization, the header names which one is shown.
  const shown = many && a.state === 'connected' ? a.profile.name : null;
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  return (
    <div className="profile-switch">
      <button
        ref={button}
        type="button"
        className={many ? 'icon-button profile-switch__button--named' : 'icon-button'}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={
          many
            ? `Switch account: ${shown ?? 'none'} shown, ${a.profiles.length} on this computer`
            : 'Accounts'
        }
        title={many ? `${shown ?? ''} — switch account` : 'Accounts'}
        onClick={() => setOpen((o) => !o)}
      >
        <SwitchIcon />
        {shown && <span className="profile-switch__name">{shown}</span>}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ProfileMenu
            status={a}
            onClose={close}
            onSwitched={(next) => {
              account.set(next);
              close(false);
            }}
            onAddAccount={() => {
              close(false);
              props.onAddAccount();
            }}
            onManageAccounts={() => {
              close(false);
              props.onManageAccounts();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
