import { Suspense, useId, useState } from 'react';
import { displayText } from '../../common/display-text';
import { useMain } from '../hooks/use-main';
import { InfoIcon } from './icons';
// The details, opened on demand, are one of the later parts.
import { LoadProblem, OrgDetails } from './later';
import { OrgLogo } from './OrgLogo';
import { ProfileMenuButton } from './ProfileMenuButton';

/**
 * Who you are signed in as, in one line: logo, name, what needs saying at a
 * glance (the demo, no access), and the organization's details on demand.
 * The name is the account switcher (where there is one): said once.
 */
export function OrgHeader(
  props: {
    readonly demo?: boolean;
    /** Shown until the organization is read (just after switching to a profile). */
    readonly profileLabel?: string;
    /** The account menu; absent where there is nowhere to go (tests of the header alone). */
    readonly accounts?: {
      readonly onAddAccount: () => void;
      readonly onManageAccounts: () => void;
    };
  } = {},
) {
  const { state, reload } = useMain('organization');
  const [open, setOpen] = useState(false);
  const detailsId = useId();

  if (state.phase === 'loading')
    return (
      <header className="org org--loading" aria-busy="true">
        <span className="org-logo skeleton" />
        <span className="skeleton skeleton--line" />
        <span className="visually-hidden" role="status">
          Loading the organization…
        </span>
      </header>
    );

  if (state.phase === 'error')
    return (
      <header className="org">
        <Suspense fallback={null}>
          <LoadProblem what="the organization" error={state.error} onRetry={reload} />
        </Suspense>
      </header>
    );

  const heading = (name: string) =>
    props.accounts ? (
      <ProfileMenuButton name={name} {...props.accounts} />
    ) : (
      <h1 className="org__name" title={name}>
        {name}
      </h1>
    );
  const org = state.value;
  if (!org)
    return (
      <header className="org">
        <div className="org__main">
          {props.profileLabel ? (
            heading(displayText(props.profileLabel))
          ) : props.accounts ? (
            heading('No organization yet')
          ) : (
            <p className="muted org__name">No organization yet.</p>
          )}
        </div>
      </header>
    );

  const name = displayText(org.name?.trim() || org.slug || org.id);
  return (
    <header className="org">
      <div className="org__main">
        <OrgLogo org={org} />
        {heading(name)}
        {props.demo && (
          <span className="badge badge--neutral" title="A built-in demo service on this computer">
            Demo
          </span>
        )}
        {org.hasAccess === false && (
          <span
            className="badge badge--danger"
            title="The organization has no access: changes may be refused"
          >
            No access
          </span>
        )}
        <button
          type="button"
          className="icon-button org__toggle"
          aria-expanded={open}
          aria-controls={detailsId}
          aria-label="Organization details"
          title="Organization details"
          onClick={() => setOpen((o) => !o)}
        >
          <InfoIcon />
        </button>
      </div>
      {open && (
        <Suspense fallback={<div id={detailsId} className="org__details" aria-busy="true" />}>
          <OrgDetails org={org} id={detailsId} />
        </Suspense>
      )}
    </header>
  );
}
