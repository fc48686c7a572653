/**
 * Node's real fetch, watched: every request the app sends and what came back,
 * with times, and how many were on the wire at once. Nothing is faked — the
 * request goes to the real server and its real answer is passed on.
 */
export interface ObservedRequest {
  readonly method: string;
  readonly url: string;
  readonly body: string | null;
  /** The API key the request carried (X-API-Key), to tell whose credentials sent it. */
  readonly apiKey: string | null;
  readonly sentAt: number;
  /** Requests already on the wire when this one left. */
  readonly alongside: number;
  status: number | null;
  responseText: string | null;
  answeredAt: number | null;
}

export interface ObservedFetch {
  readonly fetch: typeof fetch;
  readonly requests: ObservedRequest[];
  /** The most requests on the wire at the same time. */
  peak(): number;
  /** Called as each request leaves, before it reaches the network. */
  onSend: ((req: ObservedRequest) => void) | null;
}

export function observedFetch(): ObservedFetch {
  const requests: ObservedRequest[] = [];
  let open = 0;
  let peak = 0;
  const observed: ObservedFetch = {
    requests,
    peak: () => peak,
    onSend: null,
    fetch: async (input, init) => {
      const req: ObservedRequest = {
        method: init?.method ?? 'GET',
        url: input instanceof Request ? input.url : String(input),
        body: typeof init?.body === 'string' ? init.body : null,
        apiKey: new Headers(init?.headers).get('x-api-key'),
        sentAt: Date.now(),
        alongside: open,
        status: null,
        responseText: null,
        answeredAt: null,
      };
      requests.push(req);
      observed.onSend?.(req);
      open += 1;
      peak = Math.max(peak, open);
      try {
        const response = await fetch(input, init);
        req.status = response.status;
        req.answeredAt = Date.now();
        req.responseText = await response
          .clone()
          .text()
          .catch(() => null);
        return response;
      } finally {
        open -= 1;
      }
    },
  };
  return observed;
}
