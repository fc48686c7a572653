import { displayText } from '../../common/display-text';
import { useApi } from '../hooks/api-context';
import { useMain } from '../hooks/use-main';
import { websiteUrl } from '../lib/safe-url';
import { ExternalIcon } from './icons';
import { Notice } from './Notice';
import { OrgBadges } from './OrgBadges';
import { OrgLogo } from './OrgLogo';
import { OrgMetadata } from './OrgMetadata';

/** Who you are signed in as: logo, name, slug, website, badges, details. */
export function OrgHeader() {
  const api = useApi();
  const { state, reload } = useMain('organization');

  if (state.phase === 'loading')
    return (
      <header className="org org--loading" aria-busy="true">
        <span className="org-logo skeleton" />
        <div className="org__text">
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--short" />
        </div>
        <span className="visually-hidden" role="status">
          Loading the organization…
        </span>
      </header>
    );

  if (state.phase === 'error')
    return (
      <header className="org">
        <Notice tone="error" role="alert" title="Could not load the organization">
          <p>{state.error.message}</p>
          <button type="button" className="link-button" onClick={reload}>
            Try again
          </button>
        </Notice>
      </header>
    );

  const org = state.value;
  if (!org)
    return (
      <header className="org">
        <p className="muted">No organization yet.</p>
      </header>
    );

  const site = websiteUrl(org.website);
  const name = displayText(org.name?.trim() || org.slug || org.id);
  const slug = org.slug ? displayText(org.slug) : null;
  return (
    <header className="org">
      <div className="org__main">
        <OrgLogo org={org} />
        <div className="org__text">
          <h1 className="org__name" title={name}>
            {name}
          </h1>
          <p className="org__sub">
            {slug && <span className="org__slug">{slug}</span>}
            {site && (
              <a
                className="org__site"
                href={site.href}
                onClick={(e) => {
                  // The page never navigates: main opens http(s) links in the browser.
                  e.preventDefault();
                  void api.openExternal({ url: site.href }); // eng-disable OPEN_EXTERNAL_JS_CHECK -- the IPC bridge; main opens only parsed http(s) URLs
                }}
              >
                {site.label}
                <ExternalIcon />
                <span className="visually-hidden"> (opens in your browser)</span>
              </a>
            )}
          </p>
        </div>
      </div>
      <OrgBadges org={org} />
      {org.hasAccess === false && (
        <Notice tone="warning" role="alert" title="This organization has no access">
          <p>
            Changes may be refused until its access is restored. Ask an owner of the organization.
          </p>
        </Notice>
      )}
      <OrgMetadata value={org.metadata} />
    </header>
  );
}
