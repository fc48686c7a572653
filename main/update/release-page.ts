/**
 * Where releases live: the GitHub repository electron-builder.yml publishes to
 * (its `publish` entry, which becomes resources/app-update.yml) and the page a
 * person who has to update by hand is sent to. One place, checked against
 * electron-builder.yml by test/packaging/electron-builder-config.test.ts.
 */

export const RELEASES = { provider: 'github', owner: 'tasktray', repo: 'task-tray' } as const;

const RELEASES_URL = `https://github.com/${RELEASES.owner}/${RELEASES.repo}/releases`;

/** Longer than any version we would publish; a longer one is not ours to show. */
const MAX_VERSION_LENGTH = 40;
const SEMVER = /^\d{1,9}\.\d{1,9}\.\d{1,9}(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

/**
 * The version from the update feed, if it is a plain semantic version. It ends
 * up in a menu label and in a URL, and the feed is the network's word: anything
 * else (spaces, slashes, a megabyte of text) is dropped rather than shown.
 */
export function cleanVersion(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const version = raw.trim().replace(/^v/, '');
  return version.length <= MAX_VERSION_LENGTH && SEMVER.test(version) ? version : null;
}

/**
 * The release page of `version` (the workflow tags releases v1.2.3, as
 * electron-updater's GitHub provider expects), or the latest release when the
 * version is unknown.
 */
export function releasePageUrl(version: string | null): string {
  const clean = cleanVersion(version);
  return clean === null ? `${RELEASES_URL}/latest` : `${RELEASES_URL}/tag/v${clean}`;
}
