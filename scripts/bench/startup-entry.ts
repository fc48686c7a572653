/**
 * The stand-in for main at start (item 13, startup.ts), bundled on its own:
 * main's core as main/index.ts builds it, with its settings folder from argv,
 * a key in memory instead of the keychain, and Node's fetch instead of
 * Electron's; "ready" on stdout once the core has started, where the app
 * goes on to make its tray.
 */
import { createAppCore } from '../../main/app/core';
import { createMemorySecretStore } from '../../main/secrets';

const dir = process.argv[2];
if (!dir) throw new Error('startup-entry: no settings folder given.');
const core = createAppCore({
  userDataDir: dir,
  secrets: createMemorySecretStore(),
  fetch,
  startDemoService: () => Promise.reject(new Error('No demo service in the stand-in.')),
  logSink: () => undefined,
});
void core.start().then(async () => {
  process.stdout.write('ready\n');
  await core.dispose();
});
