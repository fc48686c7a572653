/**
 * Run by faults.test.ts in a child process that the test then kills with
 * SIGKILL: a crash, not a quit — no dispose, nothing flushed on the way out.
 * Starts main's core on USER_DATA (the profile and its key are already
 * saved there and in the keychain), changes TASK_ID to STATUS while the
 * service is unreachable, prints the answer as one JSON line, and waits.
 */
import { createAppCore } from '../../../main/app/core';
import { createKeychainSecretStore } from '../../../main/secrets';

const main = async (): Promise<void> => {
  const core = createAppCore({
    userDataDir: process.env.USER_DATA ?? '',
    secrets: createKeychainSecretStore({ service: process.env.KEYCHAIN_SERVICE ?? '' }),
    fetch: globalThis.fetch,
    startDemoService: () => Promise.reject(new Error('No demo in this test.')),
    timeoutMs: 2_000,
    logSink: () => undefined,
    // Long waits: the change must still be in the outbox when the process dies.
    outbox: { backoff: { baseMs: 3_600_000, maxMs: 3_600_000 } },
  });
  await core.start();
  const answer = await core.dispatch('tasks:update', {
    taskId: process.env.TASK_ID,
    patch: { status: process.env.STATUS },
  });
  process.stdout.write(`${JSON.stringify({ answer, connection: core.state().connection })}\n`);
  // Stay alive until killed.
  process.stdin.resume();
};

void main();
