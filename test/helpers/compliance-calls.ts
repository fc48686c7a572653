import type { DemoServer } from '../../main/demo/server';

/**
 * Plain-fetch calls to the reference service's compliance task routes, as a
 * key or as one of its web sessions, for tests that check what the service
 * itself answers (the client's view is in test/main/service/).
 */

export type Caller = 'key' | 'otherOrgKey' | 'noScopeKey' | 'owner' | 'admin' | 'employee';

/** A task or activity row as it came: only what tests read is named. */
export interface Row {
  readonly [field: string]: unknown;
  readonly id: string;
  readonly status: string;
  readonly description: string;
  readonly reviewDate: string | null;
}

/** Whatever JSON came back, typed for reading in tests (a field a route does not send is undefined). */
export interface AnswerJson {
  readonly [field: string]: unknown;
  readonly message: string;
  readonly data: Row[];
  readonly logs: Row[];
  readonly count: number;
  readonly total: number;
}

export interface Answer {
  readonly status: number;
  readonly json: AnswerJson;
}

const credentials = (server: DemoServer, who: Caller): Record<string, string> => {
  const org = { 'X-Organization-Id': server.organizations[0]!.id };
  switch (who) {
    case 'key':
      return { 'X-API-Key': server.keys.full };
    case 'otherOrgKey':
      return { 'X-API-Key': server.keys.otherOrg };
    case 'noScopeKey':
      return { 'X-API-Key': server.keys.noScope };
    case 'owner':
      return { Cookie: server.session.cookie, ...org };
    case 'admin':
      return { Cookie: server.otherSessions.admin, ...org };
    case 'employee':
      return { Cookie: server.otherSessions.employee, ...org };
  }
};

export const complianceCall = async (
  server: DemoServer,
  who: Caller,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer> => {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      ...credentials(server, who),
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, json: json as AnswerJson };
};
