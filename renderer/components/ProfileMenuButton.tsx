import { Suspense, useRef, useState } from 'react';
import { useMain } from '../hooks/use-main';
import { ChevronIcon } from './icons';
// The menu's code is one of the later parts: the first screen carries only this button.
import { ProfileMenu } from './later';

const same = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The header's heading, which is also the way to another account or to add
 * one: the organization's name opens a menu of every profile kept here.
 * With several accounts it names the shown one after the organization,
 * unless that name is the organization's own (it is said once).
 */
export function ProfileMenuButton(props: {
  /** The organization's name (or the profile's, before the organization is read). */
  readonly name: string;
  readonly onAddAccount: () => void;
  readonly onManageAccounts: () => void;
}) {
  const account = useMain('account');
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  const a = account.state.phase === 'ready' ? account.state.value : null;
  if (!a)
    return (
      <h1 className="org__name" title={props.name}>
        {props.name}
      </h1>
    );
  const many = a.profiles.length > 1;
  const shownName = a.state === 'connected' ? a.profile.name : null;
  const shown = many && shownName && !same(shownName, props.name) ? shownName : null;
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  return (
    <>
      {/* The heading is the organization's name; the button inside says what it does. */}
      <h1 className="org__name" aria-label={props.name}>
        <button
          ref={button}
          type="button"
          className="org__switch"
          aria-haspopup="menu"
          aria-expanded={open}
          title={shown ? `${props.name} · ${shown}: switch account` : `${props.name}: accounts`}
          onClick={() => setOpen((o) => !o)}
        >
          <span className="org__switch-name">{props.name}</span>
          {shown && <span className="org__switch-account">{shown}</span>}
          <span className="visually-hidden">
            {many
              ? `. Switch account: ${shownName ?? 'none'} shown, ${a.profiles.length} on this computer`
              : '. Accounts'}
          </span>
          <ChevronIcon size={12} open={open} />
        </button>
      </h1>
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
    </>
  );
}
