import type { Organization } from '../../common/organization';
import { monthYear, shortDate } from '../lib/relative-time';

type Tone = 'neutral' | 'good' | 'warning' | 'danger';

const AUTH_LABELS: Record<string, string> = {
  'api-key': 'API key',
  session: 'Session',
  service: 'Service',
};

interface Badge {
  readonly label: string;
  readonly tone: Tone;
  readonly title: string;
}

/** Only what the service told us: a field it left out gets no badge rather than a guess. */
export function orgBadges(org: Organization): Badge[] {
  const badges: Badge[] = [];
  if (org.authType)
    badges.push({
      label: AUTH_LABELS[org.authType] ?? org.authType,
      tone: 'neutral',
      title: 'How Task Tray is signed in',
    });
  if (org.hasAccess === true)
    badges.push({ label: 'Access', tone: 'good', title: 'The organization has access' });
  if (org.hasAccess === false)
    badges.push({ label: 'No access', tone: 'danger', title: 'The organization has no access' });
  if (org.onboardingCompleted === true)
    badges.push({ label: 'Onboarded', tone: 'good', title: 'Onboarding is complete' });
  if (org.onboardingCompleted === false)
    badges.push({
      label: 'Onboarding incomplete',
      tone: 'warning',
      title: 'Onboarding is not finished',
    });
  if (org.isDeviceSetupCompleted === true)
    badges.push({ label: 'Devices set up', tone: 'good', title: 'Device management is set up' });
  if (org.isDeviceSetupCompleted === false)
    badges.push({
      label: 'Device setup pending',
      tone: 'warning',
      title: 'Device management is not set up',
    });
  return badges;
}

export function OrgBadges({ org }: { readonly org: Organization }) {
  const badges = orgBadges(org);
  const created = monthYear(org.createdAt);
  if (badges.length === 0 && !created) return null;
  return (
    <ul className="badges" aria-label="Organization status">
      {badges.map((b) => (
        <li key={b.label} className={`badge badge--${b.tone}`} title={b.title}>
          {b.label}
        </li>
      ))}
      {created && (
        <li className="badges__date" title={`Created ${shortDate(org.createdAt)}`}>
          Since <time dateTime={org.createdAt ?? undefined}>{created}</time>
        </li>
      )}
    </ul>
  );
}
