import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SESSION_COOKIE_NAMES } from './auth';
import type { DemoFaults } from './faults';
import { createFaults } from './faults';
import type { DemoTask } from './model';
import type { RateLimit } from './pacing';
import { createPacer, DEFAULT_RATE_LIMIT } from './pacing';
import type { DemoResponse } from './responses';
import { errorResponse } from './responses';
import { handleRequest } from './router';
import { MAX_UPLOAD_BODY_BYTES, readBody, send } from './http-io';
import type { DemoAttachment } from './attachment-routes';
import { createAttachmentStore } from './attachment-routes';
import { MAX_ATTACHMENT_BYTES } from './attachment-rules';
import { largeCompliance } from './compliance-large';
import { createSampleData, extraTasks, largeOrganization } from './sample-data';
import { createStore } from './store';
import { createAuditLog } from './audit-log';
import { changesElsewhere } from './changes-elsewhere';
import { taskToWire } from './wire';

/**
 * The reference service: a small, faithful stand-in for the real one on
 * node:http, used by the demo mode and by every test that needs a server.
 * Routing, auth, validation, data and faults live in their own files; this
 * one owns the socket.
 */

/** What the log keeps of a request: enough to prove what reached the server, never a credential. */
export interface DemoRequestRecord {
  readonly method: string;
  /** The path and query exactly as the client sent them. */
  readonly url: string;
  readonly origin: string | null;
  /** Lower-case header names, to check what a client sends without keeping values. */
  readonly headerNames: readonly string[];
}

export interface DemoServer {
  /** e.g. http://127.0.0.1:PORT, plus the basePath if one was given; no trailing slash. */
  readonly baseUrl: string;
  /**
   * API keys. `full` and `noScope` belong to organizations[0] (noScope may read
   * the organization but not update tasks); `otherOrg` belongs to organizations[1].
   */
  readonly keys: {
    readonly full: string;
    readonly noScope: string;
    readonly otherOrg: string;
    /** Another member's key to organizations[0], with every scope. */
    readonly colleague: string;
    /** organizations[0], every scope and also `app:read`: may read the audit log. */
    readonly appRead: string;
    /** organizations[0], every task scope but not `evidence:create`: may not attach evidence. */
    readonly noEvidence: string;
  };
  /**
   * A signed-in web session of a member of organizations[0] and organizations[2].
   * `cookie` is the whole "name=value" Cookie header value (what ServiceAuth takes);
   * `token` alone is what goes after "Authorization: Bearer".
   */
  readonly session: {
    readonly cookieName: string;
    readonly cookie: string;
    readonly token: string;
    readonly organizationId: string;
  };
  /** Cookies of two more web sessions in organizations[0]: its admin Daniel (an approver) and its employee Priya. */
  readonly otherSessions: { readonly admin: string; readonly employee: string };
  /**
   * [0] Northwind Health: real device-field names, logo key + logoUrl, JSON metadata.
   * [1] Acme Logistics: the seed's device-field names, nulls, non-JSON metadata.
   * [2] Harbor Street Clinic: hasAccess false, onboarding not completed.
   */
  readonly organizations: readonly { id: string; name: string }[];
  readonly faults: DemoFaults;
  /** The stored record (a copy): `assigneeId`, `updatedById`, `organizationId`… not the wire shape. */
  getTask(organizationId: string, taskId: string): DemoTask | undefined;
  taskIds(organizationId: string): string[];
  /** Every task of an organization as the service would send it. */
  wireTasks(organizationId: string): Record<string, unknown>[];
  /**
   * A task item made elsewhere (as by the web app or a script) with this API
   * key, recorded in the audit log as the real service does; its id.
   */
  createTask(
    key: string,
    task: {
      entityId: string;
      entityType: 'vendor' | 'risk';
      title: string;
      assigneeId?: string | null;
      status?: string;
    },
  ): string;
  /** A task item deleted elsewhere with this API key; false when there was none. */
  deleteTask(key: string, taskId: string): boolean;
  /** A compliance task's evidence as stored (bytes included), oldest first. */
  attachments(organizationId: string, taskId: string): readonly DemoAttachment[];
  /** Requests received, including faulted and refused ones. */
  requestCount(): number;
  requests(): readonly DemoRequestRecord[];
  close(): Promise<void>;
}

export interface DemoServerOptions {
  /** Default 127.0.0.1. */
  readonly host?: string;
  /** Default 0: any free port. */
  readonly port?: number;
  /** Per-client pacing; default { limit: 100, windowMs: 60_000 }, false for none. */
  readonly rateLimit?: RateLimit | false;
  /**
   * The most requests `requests()` keeps, the newest; default all. A run of
   * weeks in one process (the bench's uptime) keeps a few, so its heap is main's.
   */
  readonly keepRequests?: number;
  /** Serve under a path prefix, as behind a gateway: "/api" → baseUrl ends in /api. */
  readonly basePath?: string;
  /** Origins allowed on non-GET requests besides the server's own. */
  readonly trustedOrigins?: readonly string[];
  /** Generated tasks added to organizations[0] (ids start with EXTRA_TASK_PREFIX), for soaks and benchmarks. */
  readonly extraTasks?: number;
  /**
   * A large organization added to organizations[0]: this many generated
   * vendors and risks, and task items spread over them, assigned in turn to
   * its members and to nobody (for "assigned to me" at scale).
   */
  readonly largeOrganization?: {
    readonly vendors: number;
    readonly risks: number;
    readonly tasks: number;
    /** Generated compliance tasks added beside them (default none). */
    readonly complianceTasks?: number;
  };
  /**
   * The reads beyond the interface (task lists by vendor or risk, activity,
   * vendors, risks, people, who am I). Default true; false: a service that
   * offers only the interface's two operations, where every read is a 404.
   */
  readonly reads?: boolean;
  /** The largest evidence file taken (decoded bytes); default 100 MiB, as the real service. */
  readonly maxAttachmentBytes?: number;
  /** The clock its pacing counts by (a benchmark runs it on the app's virtual clock); default the real one. */
  readonly clock?: () => Date;
}

const normaliseBasePath = (p: string | undefined): string => {
  const trimmed = (p ?? '').replace(/\/+$/, '');
  if (trimmed === '') return '';
  if (!/^(\/[A-Za-z0-9._~-]+)+$/.test(trimmed)) {
    throw new RangeError(`basePath must look like "/api" (got ${JSON.stringify(p)}).`);
  }
  return trimmed;
};

export async function startDemoServer(options: DemoServerOptions = {}): Promise<DemoServer> {
  const basePath = normaliseBasePath(options.basePath);
  const started = (options.clock ?? (() => new Date()))();
  const sample = createSampleData(started);
  const large = options.largeOrganization
    ? largeOrganization(options.largeOrganization)
    : { entities: [], tasks: [] };
  const data = {
    ...sample,
    entities: [...sample.entities, ...large.entities],
    tasks: [...sample.tasks, ...extraTasks(options.extraTasks ?? 0), ...large.tasks],
    compliance: {
      ...sample.compliance,
      tasks: [
        ...sample.compliance.tasks,
        ...largeCompliance(options.largeOrganization?.complianceTasks ?? 0, started),
      ],
    },
  };
  const store = createStore(data);
  const audit = createAuditLog(store);
  const elsewhere = changesElsewhere(store, audit, options.clock ?? (() => new Date()));
  const faults = createFaults();
  const attachments = createAttachmentStore(options.maxAttachmentBytes ?? MAX_ATTACHMENT_BYTES);
  const pacer =
    options.rateLimit === false ? null : createPacer(options.rateLimit ?? DEFAULT_RATE_LIMIT);
  const trustedOrigins = new Set(options.trustedOrigins ?? []);
  const [full, noScope, otherOrg, colleague, appRead, noEvidence] = data.apiKeys;
  const [session, adminSession, employeeSession] = data.sessions;
  const [home] = data.organizations;
  if (
    !full ||
    !noScope ||
    !otherOrg ||
    !colleague ||
    !appRead ||
    !noEvidence ||
    !session ||
    !adminSession ||
    !employeeSession ||
    !home
  ) {
    throw new Error('The demo sample data is missing a key, the session or an organization.');
  }
  const cookieName = SESSION_COOKIE_NAMES[0];
  const log: DemoRequestRecord[] = [];
  let received = 0;
  const timers = new Set<NodeJS.Timeout>();

  const wait = (ms: number): Promise<void> =>
    ms <= 0
      ? Promise.resolve()
      : new Promise((resolve) => {
          const t = setTimeout(() => {
            timers.delete(t);
            resolve();
          }, ms);
          timers.add(t);
        });

  const onRequest = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    received += 1;
    log.push({
      method: req.method ?? '',
      url: req.url ?? '',
      origin: typeof req.headers.origin === 'string' ? req.headers.origin : null,
      headerNames: Object.keys(req.headers),
    });
    if (options.keepRequests !== undefined && log.length > options.keepRequests)
      log.splice(0, log.length - options.keepRequests);
    // Faults are taken in arrival order, so "the next N requests" means what it says.
    const fault = faults.take({ method: req.method ?? '', url: req.url ?? '' });
    // Evidence goes as base64 in JSON: those bodies get the real service's 150 MB.
    const upload = req.method === 'POST' && /\/attachments(\?|$)/.test(req.url ?? '');
    const body = await readBody(req, upload ? MAX_UPLOAD_BODY_BYTES : undefined);
    if (body.kind === 'aborted') return;
    await wait(faults.latencyMs);
    if (fault?.kind === 'drop') {
      req.socket.destroy();
      return;
    }
    let response: DemoResponse;
    const conditional = { method: (req.method ?? 'GET').toUpperCase(), headers: req.headers };
    if (fault?.kind === 'fail') response = fault.response;
    else if (body.kind === 'too_large') response = errorResponse(413, 'request entity too large');
    else {
      try {
        response = handleRequest(
          {
            method: req.method ?? 'GET',
            url: req.url ?? '/',
            headers: req.headers,
            bodyText: body.text,
            client: req.socket.remoteAddress ?? 'unknown',
          },
          {
            store,
            pacer,
            trustedOrigins,
            basePath,
            reads: options.reads ?? true,
            audit,
            attachments,
            now: options.clock ?? (() => new Date()),
          },
        );
      } catch {
        response = errorResponse(500, 'Internal server error');
      }
    }
    // Carried out, then the connection cut: the client never learns that it was.
    if (fault?.kind === 'lose') {
      req.socket.destroy();
      return;
    }
    // Carried out even if the client gave up waiting: its answer is simply lost.
    send(res, response, fault?.kind === 'fail' ? undefined : conditional);
  };

  const server = createServer((req, res) => void onRequest(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const origin = `http://${host}:${address.port}`;
  trustedOrigins.add(origin);

  return {
    baseUrl: `${origin}${basePath}`,
    keys: {
      full: full.key,
      noScope: noScope.key,
      otherOrg: otherOrg.key,
      colleague: colleague.key,
      appRead: appRead.key,
      noEvidence: noEvidence.key,
    },
    session: {
      cookieName,
      cookie: `${cookieName}=${session.token}`,
      token: session.token,
      organizationId: home.id,
    },
    otherSessions: {
      admin: `${cookieName}=${adminSession.token}`,
      employee: `${cookieName}=${employeeSession.token}`,
    },
    organizations: data.organizations.map((o) => ({ id: o.id, name: o.name })),
    faults,
    getTask: (organizationId, taskId) => {
      const t = store.task(organizationId, taskId);
      return t ? structuredClone(t) : undefined;
    },
    taskIds: (organizationId) => store.tasksOf(organizationId).map((t) => t.id),
    wireTasks: (organizationId) => store.tasksOf(organizationId).map((t) => taskToWire(store, t)),
    createTask: (key, input) => elsewhere.create(key, input),
    deleteTask: (key, taskId) => elsewhere.remove(key, taskId),
    attachments: (organizationId, taskId) => attachments.of(organizationId, taskId),
    requestCount: () => received,
    requests: () => [...log],
    close: async () => {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
