import { describe, expect, it } from 'vitest';
import { SettingsSchema } from '../../../main/settings/schema';
import { settingsView } from '../../../main/app/settings-view';

describe('the sync interval setting (issue 35)', () => {
  const read = (extra: Record<string, unknown>) => SettingsSchema.parse({ ...extra });

  it('is every 2 minutes in a file from before it existed, and not written then', () => {
    const s = read({});
    expect(settingsView(s).syncInterval).toBe('2');
    expect(JSON.parse(JSON.stringify(s))).not.toHaveProperty('syncInterval');
  });

  it('keeps each offered choice', () => {
    for (const choice of ['1', '5', '15', 'on-open'] as const)
      expect(settingsView(read({ syncInterval: choice })).syncInterval).toBe(choice);
  });

  it('reads an interval it does not offer (a newer build’s, a hand edit) as the default, losing nothing else', () => {
    const s = read({ syncInterval: '3', launchAtLogin: true });
    expect(settingsView(s).syncInterval).toBe('2');
    expect(s.launchAtLogin).toBe(true);
  });
});
