import { contract } from '../../common/ipc';
import type { EventName, InputOf, MethodName, OutputOf } from '../../common/ipc';
import type { Result } from '../../common/result';
import { createAppCore } from '../../main/app/core';
import type { AppCoreOptions } from '../../main/app/core';
import { startDemoService } from '../../main/app/demo-service';
import type { DemoServer } from '../../main/demo/server';
import { createKeychainSecretStore } from '../../main/secrets';

export interface CoreHarness {
  readonly core: ReturnType<typeof createAppCore>;
  /** Every event main pushed to the renderer, in order. */
  readonly events: { event: EventName; payload: unknown }[];
  /** Every answer the renderer received. */
  readonly answers: unknown[];
  /** Every log line main wrote (and gave to `extra.logSink` too, where a test gives one). */
  readonly logs: string[];
  /** Calls a method exactly as the renderer would: through the dispatcher, input checked. */
  call<M extends MethodName>(method: M, input?: InputOf<M>): Promise<Result<OutputOf<M>>>;
  /** Sends anything on any channel, as a compromised renderer could. */
  raw(channel: string, input: unknown): Promise<Result<unknown>>;
  /** Demo services the app started for "Try the demo", to stop them afterwards. */
  readonly demos: DemoServer[];
}

/**
 * Main's core with real parts: settings in `userDataDir`, the OS keychain under
 * `service`, Node's fetch to the reference service on loopback.
 */
export function createCoreHarness(
  userDataDir: string,
  service: string,
  extra: Partial<AppCoreOptions> = {},
): CoreHarness {
  const events: CoreHarness['events'] = [];
  const answers: unknown[] = [];
  const logs: string[] = [];
  const demos: DemoServer[] = [];
  const core = createAppCore({
    userDataDir,
    secrets: createKeychainSecretStore({ service }),
    fetch: globalThis.fetch,
    startDemoService: () => startDemoService((server) => demos.push(server)),
    timeoutMs: 2_000,
    ...extra,
    logSink: (level, line) => {
      logs.push(line);
      extra.logSink?.(level, line);
    },
  });
  core.onEvent((event, payload) => events.push({ event, payload }));
  return {
    core,
    events,
    answers,
    logs,
    demos,
    async call(method, input) {
      const answer = await core.dispatch(contract[method].channel, input);
      answers.push(answer);
      return answer as Result<OutputOf<typeof method>>;
    },
    async raw(channel, input) {
      const answer = await core.dispatch(channel, input);
      answers.push(answer);
      return answer;
    },
  };
}
