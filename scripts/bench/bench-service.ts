import { EXTRA_TASK_PREFIX } from '../../main/demo/sample-data';
import { startDemoServer } from '../../main/demo/server';

/**
 * The reference service (main/demo on loopback) with `taskCount` generated
 * tasks, no pacing,
 * no faults, no added latency. Its tasks are all alike; the benchmark gives
 * them what real ones have (titles of different lengths, descriptions on
 * half, priorities, assignees) through the service's own PUT, and keeps
 * each answer: that is how the service sends the task, and what the app pins.
 */
export interface BenchService {
  readonly baseUrl: string;
  /** A key with the task scopes for the organization the tasks are in. */
  readonly apiKey: string;
  readonly organizationId: string;
  /** The generated tasks, in order. */
  readonly taskIds: readonly string[];
  statusOf(taskId: string): string | undefined;
  close(): Promise<void>;
  /** The tasks as the service last sent them, in taskIds order. */
  readonly tasks: readonly Record<string, unknown>[];
}

const TITLES = [
  'Collect SOC 2 Type II report',
  'Review data processing agreement',
  'Confirm the sub-processor list and notice period',
  'Run the quarterly access review',
  'Renew penetration test',
  'Update the incident response runbook after the tabletop exercise',
  'Check encryption at rest',
  'Verify the backup restore drill',
];
const PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const;
const STATUSES = ['todo', 'in_progress', 'in_review', 'done', 'canceled'] as const;
/** Members of Northwind Health in the sample data. */
const ASSIGNEES = [null, 'mem_n2dan4k8ro', 'mem_n1maya7q2c'] as const;

export async function startBenchService(taskCount: number): Promise<BenchService> {
  const server = await startDemoServer({
    extraTasks: taskCount,
    rateLimit: false,
    keepRequests: 1_000,
  });
  const organizationId = server.organizations[0]!.id;
  const service = {
    baseUrl: server.baseUrl,
    apiKey: server.keys.full,
    organizationId,
    taskIds: server.taskIds(organizationId).filter((id) => id.startsWith(EXTRA_TASK_PREFIX)),
    statusOf: (taskId: string) => server.getTask(organizationId, taskId)?.status,
    close: () => server.close(),
  };
  try {
    const tasks: Record<string, unknown>[] = [];
    for (const [i, taskId] of service.taskIds.entries()) {
      const n = String(i + 1).padStart(3, '0');
      const body = {
        title: `${TITLES[i % TITLES.length]} (${n})`,
        description:
          i % 2 === 0
            ? `Evidence for control ${n}: ask the owner, attach the document, note when it expires.`
            : null,
        priority: PRIORITIES[i % PRIORITIES.length],
        status: STATUSES[i % STATUSES.length],
        assigneeId: ASSIGNEES[i % ASSIGNEES.length],
      };
      const res = await fetch(`${service.baseUrl}/v1/task-management/${taskId}`, {
        method: 'PUT',
        headers: { 'X-API-Key': service.apiKey, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`Setting up ${taskId} was answered ${res.status}.`);
      tasks.push((await res.json()) as Record<string, unknown>);
    }
    return { ...service, tasks };
  } catch (e) {
    await service.close();
    throw e;
  }
}
