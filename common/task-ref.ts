import type { EntityType } from './task';

/** What a pasted id or web-app link tells us. Implementation: see parseTaskRef (issue 2). */
export interface TaskRef {
  readonly taskId: string;
  readonly organizationId?: string;
  readonly entityType?: EntityType;
  readonly entityId?: string;
}
