import { STATUS_CODES } from 'node:http';

/** What a handler decides; server.ts writes it. Keeps the handlers free of sockets. */
export interface DemoResponse {
  readonly status: number;
  /** JSON-serialised unless it is a string, which goes out as it is. */
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

/** The real service's error body: `{ statusCode, message, error }` (NestJS). */
export const errorBody = (
  status: number,
  message: string | readonly string[],
): Record<string, unknown> => ({
  statusCode: status,
  message,
  error: STATUS_CODES[status] ?? 'Error',
});

export const errorResponse = (
  status: number,
  message: string | readonly string[],
  headers?: Record<string, string>,
): DemoResponse => ({ status, body: errorBody(status, message), ...(headers ? { headers } : {}) });

export const jsonResponse = (body: unknown, status = 200): DemoResponse => ({ status, body });
