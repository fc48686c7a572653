import { STATUS_CODES } from 'node:http';
import type { DemoResponse } from './responses';
import { errorBody } from './responses';

/** Faults on command, for tests: the network and the service misbehaving in known ways. */
export interface DemoFaults {
  /** Added before every answer. The request is still carried out if the client gives up. */
  latencyMs: number;
  /**
   * Answer the next `count` requests with `status` and `body` (default: the
   * service's error body for that status) instead of handling them. A string
   * body goes out as text, a Buffer as its bytes, anything else as JSON.
   * `headers` are added.
   */
  failNext(
    status: number,
    count?: number,
    body?: unknown,
    headers?: Readonly<Record<string, string>>,
  ): void;
  /** Destroy the connection of the next `count` requests once they have arrived, unanswered and not carried out. */
  dropNext(count?: number): void;
  /**
   * Carry out the next `count` requests, then destroy their connections
   * unanswered: a change made on the service whose answer was lost.
   */
  loseAnswerNext(count?: number): void;
  /**
   * Only requests whose "METHOD /path" matches meet the queued faults (e.g.
   * /^PUT /, to fault the person's changes while background reads go
   * through); null: every request.
   */
  onlyFor: RegExp | null;
  /** No latency, nothing queued, every method. */
  reset(): void;
}

export type Fault =
  | { readonly kind: 'drop' }
  | { readonly kind: 'lose' }
  | { readonly kind: 'fail'; readonly response: DemoResponse };

export interface FaultController extends DemoFaults {
  /** The fault for the request that just arrived, if any; faults apply in the order queued. */
  take(request: { method: string; url: string }): Fault | undefined;
}

const checkCount = (count: number): void => {
  if (!Number.isInteger(count) || count < 1) {
    throw new RangeError(`A fault count is a whole number of requests, at least 1 (got ${count}).`);
  }
};

export const createFaults = (): FaultController => {
  const queue: { fault: Fault; remaining: number }[] = [];
  const faults: FaultController = {
    latencyMs: 0,
    onlyFor: null,
    failNext(status, count = 1, body, headers) {
      if (!Number.isInteger(status) || status < 200 || status > 599) {
        throw new RangeError(`A forced status is an HTTP status from 200 to 599 (got ${status}).`);
      }
      checkCount(count);
      const response: DemoResponse = {
        status,
        body: body === undefined ? errorBody(status, STATUS_CODES[status] ?? 'Error') : body,
        ...(headers ? { headers } : {}),
      };
      queue.push({ fault: { kind: 'fail', response }, remaining: count });
    },
    dropNext(count = 1) {
      checkCount(count);
      queue.push({ fault: { kind: 'drop' }, remaining: count });
    },
    loseAnswerNext(count = 1) {
      checkCount(count);
      queue.push({ fault: { kind: 'lose' }, remaining: count });
    },
    reset() {
      faults.latencyMs = 0;
      faults.onlyFor = null;
      queue.length = 0;
    },
    take({ method, url }) {
      const path = new URL(url, 'http://demo.invalid').pathname;
      if (faults.onlyFor && !faults.onlyFor.test(`${method.toUpperCase()} ${path}`))
        return undefined;
      const head = queue[0];
      if (!head) return undefined;
      head.remaining -= 1;
      if (head.remaining === 0) queue.shift();
      return head.fault;
    },
  };
  return faults;
};
