/**
 * Run by settings-store.test.ts in a child process, so the test can take away
 * write access to a folder even when the test itself runs as root (the child
 * then runs as "nobody"). Loads the settings at SETTINGS_FILE, tries one update
 * (switch the theme to dark), and prints what happened as one JSON line.
 */
import { createSettingsStore } from '../../../main/settings/settings-store';

const main = async (): Promise<void> => {
  const store = createSettingsStore({ filePath: process.env.SETTINGS_FILE ?? '' });
  const loaded = await store.load();
  const update = await store.update((s) => ({ ...s, theme: 'dark' }));
  const after = store.get();
  process.stdout.write(`${JSON.stringify({ loaded, update, after })}\n`);
};

void main();
