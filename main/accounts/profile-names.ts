import type { ProfileView } from '../../common/views';

const KIND_WORDS: Readonly<Record<ProfileView['authKind'], string>> = {
  'api-key': 'API key',
  session: 'web session',
};

/**
 * What each profile is called wherever one is chosen (the popup's header,
 * the tray menu, Settings): its label, and how it signs in when two share a
 * label (the same organization with a key and a web session, both named
 * after it by default). Still the same: the start of its id tells them apart.
 */
export function profileNames(profiles: readonly ProfileView[]): ReadonlyMap<string, string> {
  const count = (pick: (p: ProfileView) => string) => {
    const seen = new Map<string, number>();
    for (const p of profiles) seen.set(pick(p), (seen.get(pick(p)) ?? 0) + 1);
    return (p: ProfileView) => seen.get(pick(p)) ?? 0;
  };
  const sameLabel = count((p) => p.label.trim().toLowerCase());
  const withKind = (p: ProfileView) =>
    sameLabel(p) > 1 ? `${p.label.trim()} (${p.demo ? 'demo' : KIND_WORDS[p.authKind]})` : p.label;
  const sameNamed = count((p) => withKind(p).toLowerCase());
  const names = new Map<string, string>();
  for (const p of profiles) {
    const name = withKind(p);
    names.set(p.id, sameNamed(p) > 1 ? `${name.replace(/\)$/, '')} ${shortId(p.id)})` : name);
  }
  return names;
}

/** "…3f9a": enough of a profile id to tell two apart, nothing of its secret (the id is a hash). */
const shortId = (id: string): string => `…${id.slice(-4)}`;
