/**
 * Test doubles for the update controller's own ports: a scheduler whose time
 * moves only when the test says, and an updater that answers each check the
 * way a script says (events, then the check ends).
 */
import { manualClock } from '../../helpers/manual-clock';
import type { Logger } from '../../../main/log/logger';
import type { UpdaterPort } from '../../../main/update/update-controller';
import type { UpdaterEvent } from '../../../main/update/update-state';

/** main's scheduler on a clock the test moves (test/helpers/manual-clock.ts). */
export const manualScheduler = manualClock;

type CheckScript = (emit: (event: UpdaterEvent) => void) => Promise<void> | void;

export function fakeUpdater(script: CheckScript = () => undefined) {
  const listeners = new Set<(event: UpdaterEvent) => void>();
  const emit = (event: UpdaterEvent) => {
    for (const listener of listeners) listener(event);
  };
  const fake = {
    checks: 0,
    installs: 0,
    script,
    emit,
    get listening() {
      return listeners.size;
    },
    port: {
      async check() {
        fake.checks += 1;
        await fake.script(emit);
      },
      quitAndInstall() {
        fake.installs += 1;
      },
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    } satisfies UpdaterPort,
  };
  return fake;
}

/** Each check finds nothing newer. */
export const upToDate: CheckScript = (emit) => {
  emit({ type: 'checking' });
  emit({ type: 'not-available' });
};

/** Each check fails the way electron-updater reports it: an event, then the check ends. */
export const failing: CheckScript = (emit) => {
  emit({ type: 'checking' });
  emit({ type: 'error', problem: 'server' });
};

/** Each check finds `version` (electron-updater then downloads it where it installs itself). */
export const finds =
  (version: string): CheckScript =>
  (emit) => {
    emit({ type: 'checking' });
    emit({ type: 'available', version });
  };

export function memoryLog(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const write = (level: string) => (message: string) => void lines.push(`${level} ${message}`);
  return { lines, info: write('info'), warn: write('warn'), error: write('error') };
}

/** Lets the promise chains started by a check settle. */
export const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
