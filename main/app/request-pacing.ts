import type { Scheduler } from '../scheduler/scheduler';
import { createRequestPacer } from '../service/pacing';
import type { RateLimit } from '../service/pacing';
import { DEFAULT_REQUESTS_PER_MINUTE } from '../settings/schema';
import type { SettingsStore } from '../settings/settings-store';

const MINUTE_MS = 60_000;

/**
 * The pace of the person's changes: the requests-per-minute setting over a
 * minute, unless a fixed rate is given (the tests and the bench use one).
 */
export function createChangePacing(
  fixed: RateLimit | undefined,
  settings: Pick<SettingsStore, 'get'>,
  scheduler: Scheduler,
) {
  const pacer = createRequestPacer(
    fixed ?? { limit: DEFAULT_REQUESTS_PER_MINUTE, windowMs: MINUTE_MS },
    scheduler,
  );
  return {
    pacer,
    /** The saved setting, once settings are read and whenever it is saved. */
    followSetting(): void {
      if (!fixed) pacer.setRate({ limit: settings.get().requestsPerMinute, windowMs: MINUTE_MS });
    },
  };
}
