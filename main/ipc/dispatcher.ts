import type { z } from 'zod';
import { contract } from '../../common/ipc';
import type { MethodName } from '../../common/ipc';
import { appError, err } from '../../common/result';
import type { Result } from '../../common/result';
import type { Logger } from '../log/logger';
import type { Handlers } from './handlers';

export type Dispatch = (channel: string, rawInput: unknown) => Promise<Result<unknown>>;

const byChannel = new Map<string, MethodName>(
  (Object.keys(contract) as MethodName[]).map((name) => [contract[name].channel, name]),
);

/** A schema failure, said as one sentence that names the field. */
export function describeInputError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request was not understood.';
  const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return `${where}${issue.message}`;
}

/**
 * The one path every renderer request takes after the sender check: find the
 * channel in the contract, parse the input with its schema, run the handler,
 * and turn anything that goes wrong into an error result. As a last guard for
 * invariant 1, a result that contains a secret in use is replaced by an error.
 */
export function createDispatcher(
  handlers: Handlers,
  deps: { log: Logger; secretsInUse: () => readonly string[] },
): Dispatch {
  return async (channel, rawInput) => {
    const name = byChannel.get(channel);
    if (!name) return err(appError('bad_input', `Unknown request "${channel.slice(0, 80)}".`));
    const parsed = contract[name].input.safeParse(rawInput);
    if (!parsed.success) return err(appError('bad_input', describeInputError(parsed.error)));
    let result: Result<unknown>;
    try {
      const handler = handlers[name] as (input: unknown) => Promise<Result<unknown>>;
      result = await handler(parsed.data);
    } catch (e) {
      deps.log.error(`${channel} failed`, e);
      return err(
        appError(
          'internal',
          'Something went wrong inside Task Tray. Try again; if it keeps happening, restart the app.',
        ),
      );
    }
    const text = JSON.stringify(result);
    if (deps.secretsInUse().some((s) => s.length > 0 && text.includes(s))) {
      deps.log.error(`${channel} tried to return a secret; blocked`);
      return err(appError('internal', 'Task Tray blocked an answer that contained a secret.'));
    }
    return result;
  };
}
