import type { ReactNode } from 'react';
import { displayText } from '../../common/display-text';
import type { Organization } from '../../common/organization';
import { useApi } from '../hooks/api-context';
import { metadataView } from '../lib/metadata';
import { shortDate } from '../lib/relative-time';
import { httpsUrl, websiteUrl } from '../lib/safe-url';
import { OrgLogo } from './OrgLogo';
import { ExternalIcon } from './icons';

const AUTH_LABELS: Record<string, string> = {
  'api-key': 'API key',
  session: 'Web session',
  service: 'Service',
};

const yesNo = (v: boolean | null | undefined, yes: string, no: string): string | null =>
  v === true ? yes : v === false ? no : null;

function Fact(props: { readonly term: string; readonly children: ReactNode }) {
  return (
    <div className="org-facts__row">
      <dt>{props.term}</dt>
      <dd>{props.children}</dd>
    </div>
  );
}

/**
 * Everything the service says about the organization, on demand: each of
 * the interface's fields that it sent, in words (metadata keys and values
 * too), so the header itself can stay one line.
 */
export function OrgDetails(props: { readonly org: Organization; readonly id: string }) {
  const api = useApi();
  const { org } = props;
  const site = websiteUrl(org.website);
  const metadata = metadataView(org.metadata);
  const access = yesNo(org.hasAccess, 'Yes', 'No');
  const onboarding = yesNo(org.onboardingCompleted, 'Complete', 'Not finished');
  const devices = yesNo(org.isDeviceSetupCompleted, 'Set up', 'Not set up yet');
  const logo = org.logoUrl ?? org.logo;
  return (
    <div id={props.id} className="org__details">
      {org.hasAccess === false && (
        <p className="org__warning">
          This organization has no access: changes may be refused until it is restored. Ask an owner
          of the organization.
        </p>
      )}
      <dl className="org-facts">
        {org.slug && <Fact term="Slug">{displayText(org.slug)}</Fact>}
        {site && (
          <Fact term="Website">
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
          </Fact>
        )}
        <Fact term="Organization id">
          <code className="selectable">{org.id}</code>
        </Fact>
        {org.authType && (
          <Fact term="Signed in with">
            {AUTH_LABELS[org.authType] ?? displayText(org.authType)}
          </Fact>
        )}
        {access && <Fact term="Access">{access}</Fact>}
        {onboarding && <Fact term="Onboarding">{onboarding}</Fact>}
        {devices && <Fact term="Device management">{devices}</Fact>}
        {org.deviceLabelId != null && (
          <Fact term="Device label id">
            <code className="selectable">{org.deviceLabelId}</code>
          </Fact>
        )}
        {org.createdAt && shortDate(org.createdAt) && (
          <Fact term="Created">
            <time dateTime={org.createdAt}>{shortDate(org.createdAt)}</time>
          </Fact>
        )}
        {org.primaryColor && /^#[0-9a-fA-F]{6}$/.test(org.primaryColor) && (
          <Fact term="Brand colour">
            <code className="selectable">{org.primaryColor.toUpperCase()}</code>
          </Fact>
        )}
        {logo && (
          // The logo itself, never its address: a signed storage URL is long, expires, and says nothing.
          <Fact term="Logo">
            {httpsUrl(logo) ? (
              <OrgLogo org={org} />
            ) : (
              'Set in the web app (not an image Task Tray can show)'
            )}
          </Fact>
        )}
        {metadata.kind === 'entries' &&
          metadata.entries.map(([k, v]) => (
            <Fact key={`m-${k}`} term={k}>
              {v}
            </Fact>
          ))}
        {metadata.kind === 'text' && (
          <Fact term="Metadata">
            <span className="org-facts__long">{metadata.text}</span>
          </Fact>
        )}
      </dl>
    </div>
  );
}
