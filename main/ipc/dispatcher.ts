import type { z } from 'zod';
import { contract } from '../../common/ipc';
import type { MethodName } from '../../common/ipc';
import { BOUNDS } from '../../common/bounds';
import { jsonSize, tooLargeMessage } from '../lib/json-size';
import { appError, err } from '../../common/result';
import type { Result } from '../../common/result';
import type { Logger } from '../log/logger';
import type { SecretGuard } from '../secrets/secret-guard';
import type { Handlers } from './handlers';

export type Dispatch = (channel: string, rawInput: unknown) => Promise<Result<unknown>>;

const byChannel = new Map<string, MethodName>(
  (Object.keys(contract) as MethodName[]).map((name) => [contract[name].channel, name]),
);

const MAX_MESSAGE = 200;

/**
 * A schema failure, said as one sentence that names the field. Never quotes
 * the input: an unknown field's name or a wrong value could be anything the
 * page sent, a pasted key included.
 */
export function describeInputError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request was not understood.';
  const path = issue.path
    .filter((p) => typeof p === 'number' || (typeof p === 'string' && p.length <= 40))
    .join('.');
  const where = path ? `${path}: ` : '';
  const what =
    issue.code === 'unrecognized_keys'
      ? 'This request has a field it does not take.'
      : issue.message;
  const text = `${where}${what}`;
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE - 1)}…` : text;
}

/**
 * The one path every renderer request takes after the sender check: find the
 * channel in the contract, parse the input with its schema, run the handler,
 * and turn anything that goes wrong into an error result. As a last guard for
 * invariant 1 (docs/ARCHITECTURE.md), every answer (refusals included) has any run of a secret in
 * use redacted: a task titled with the key still lists, without the key.
 */
export function createDispatcher(
  handlers: Handlers,
  deps: { log: Logger; guard: () => SecretGuard },
): Dispatch {
  const answer = async (channel: string, rawInput: unknown): Promise<Result<unknown>> => {
    const name = byChannel.get(channel);
    if (!name) return err(appError('bad_input', 'Task Tray does not know this request.'));
    const parsed = contract[name].input.safeParse(rawInput);
    if (!parsed.success) return err(appError('bad_input', describeInputError(parsed.error)));
    try {
      const handler = handlers[name] as (input: unknown) => Promise<Result<unknown>>;
      return await handler(parsed.data);
    } catch (e) {
      deps.log.error(`${channel} failed`, e);
      return err(
        appError(
          'internal',
          'Something went wrong inside Task Tray. Try again; if it keeps happening, restart the app.',
        ),
      );
    }
  };
  return async (channel, rawInput) => {
    const result = await answer(channel, rawInput);
    // Inside a try too: whatever an answer holds, the call answers with a Result.
    try {
      const safe = deps.guard().value(result);
      if (safe !== result)
        deps.log.warn(`${channel.slice(0, 80)}: a secret was redacted from the answer`);
      // Bounded in total (docs/ARCHITECTURE.md, invariant 8): a clone of hundreds of MB stalls both processes.
      if (jsonSize(safe, BOUNDS.ipcBytes) > BOUNDS.ipcBytes) {
        const message = tooLargeMessage('The answer', BOUNDS.ipcBytes);
        deps.log.warn(`${channel.slice(0, 80)}: ${message}`);
        return err(appError('internal', `${message} Try again; if it keeps happening, report it.`));
      }
      return safe;
    } catch (e) {
      deps.log.error(`${channel.slice(0, 80)}: the answer could not be checked`, e);
      return err(appError('internal', 'Task Tray could not send this answer safely. Try again.'));
    }
  };
}
