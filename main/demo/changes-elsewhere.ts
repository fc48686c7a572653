import { randomBytes } from 'node:crypto';
import type { AuditLog } from './audit-log';
import type { DemoTask } from './model';
import type { DemoStore } from './store';

/**
 * Task items made and deleted elsewhere (the web app, a script) with one of
 * the demo's API keys, for tests and benchmarks of "what changed": each is
 * recorded in the audit log as the real service records a change made with a
 * key. (Updates come in over HTTP, as the app sends them.)
 */
export function changesElsewhere(store: DemoStore, audit: AuditLog, now: () => Date) {
  const keyOf = (key: string) => {
    const k = store.apiKey(key);
    if (!k) throw new Error("Not one of the reference service's API keys.");
    return {
      organizationId: k.organizationId,
      authType: 'api-key' as const,
      actorMemberId: k.actorMemberId,
    };
  };
  return {
    create(
      key: string,
      input: {
        entityId: string;
        entityType: 'vendor' | 'risk';
        title: string;
        assigneeId?: string | null;
        status?: string;
      },
    ): string {
      const context = keyOf(key);
      const at = now().toISOString();
      const task: DemoTask = {
        // The real ids are cuid-like after the prefix: letters and digits.
        id: `tski_${randomBytes(8).toString('hex')}`,
        organizationId: context.organizationId,
        title: input.title,
        description: null,
        status: input.status ?? 'todo',
        priority: 'medium',
        entityId: input.entityId,
        entityType: input.entityType,
        assigneeId: input.assigneeId ?? null,
        createdById: context.actorMemberId,
        updatedById: null,
        createdAt: at,
        updatedAt: at,
      };
      store.insertTask(task);
      audit.record({ action: 'created', task, context, at });
      return task.id;
    },
    remove(key: string, taskId: string): boolean {
      const context = keyOf(key);
      const task = store.removeTask(context.organizationId, taskId);
      if (task) audit.record({ action: 'deleted', task, context, at: now().toISOString() });
      return task !== undefined;
    },
  };
}
