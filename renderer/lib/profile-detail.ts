import type { ProfileView } from '../../common/views';

/** How a profile signs in, as Settings and the account menu name it. */
export const AUTH_KIND_LABELS: Readonly<Record<ProfileView['authKind'], string>> = {
  'api-key': 'API key',
  session: 'Web session',
};

/** "API key · api.trycomp.ai · 2 changes waiting": how a profile signs in, where, and what it still has to send. */
export function profileDetail(p: ProfileView, waiting: number): string {
  const parts = [p.demo ? 'Demo on this computer' : AUTH_KIND_LABELS[p.authKind]];
  if (!p.demo) parts.push(hostOf(p.baseUrl));
  if (waiting > 0) parts.push(waiting === 1 ? '1 change waiting' : `${waiting} changes waiting`);
  if (!p.hasSecret && !p.demo) parts.push('key not found: connect again');
  return parts.join(' · ');
}

const hostOf = (url: string): string => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};
