import { describe, expect, it } from 'vitest';
import { cleanVersion, releasePageUrl } from '../../../main/update/release-page';

describe('the release page a person is sent to', () => {
  it('is the tag of the new version, as the release workflow names tags', () => {
    expect(releasePageUrl('1.2.0')).toBe(
      'https://github.com/tasktray/task-tray/releases/tag/v1.2.0',
    );
    expect(releasePageUrl('2.0.0-beta.3')).toBe(
      'https://github.com/tasktray/task-tray/releases/tag/v2.0.0-beta.3',
    );
  });

  it('is the latest release when the version is unknown or not a plain version', () => {
    const latest = 'https://github.com/tasktray/task-tray/releases/latest';
    expect(releasePageUrl(null)).toBe(latest);
    expect(releasePageUrl('1.2.0/../../../evil')).toBe(latest);
    expect(releasePageUrl('1.2.0?x=https://elsewhere')).toBe(latest);
  });
});

describe('a version from the update feed', () => {
  it('is kept when it is a semantic version (a leading v dropped)', () => {
    expect(cleanVersion('1.2.0')).toBe('1.2.0');
    expect(cleanVersion('v1.2.0')).toBe('1.2.0');
    expect(cleanVersion('1.2.0-rc.1+build.5')).toBe('1.2.0-rc.1+build.5');
  });

  it('is dropped when it could not be shown safely in a menu or a URL', () => {
    for (const raw of [
      '',
      'latest',
      '1.2',
      '1.2.0 now with\nnewlines',
      `1.2.0-${'x'.repeat(100)}`,
      12,
      null,
    ]) {
      expect({ raw, clean: cleanVersion(raw) }).toEqual({ raw, clean: null });
    }
  });
});
