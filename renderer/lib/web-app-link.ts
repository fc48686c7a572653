import type { EntityType } from '../../common/task-values';

/** The web app's word for each entity in its paths (common/task-ref.ts reads them back). */
const PATH_WORD: Readonly<Record<EntityType, string>> = { vendor: 'vendors', risk: 'risk' };

/**
 * Where a task lives in the web app: its vendor's or risk's page, on the
 * task. Null when something needed is not known (the entity, the address).
 */
export function webAppTaskLink(input: {
  readonly signInUrl: string;
  readonly organizationId: string | null;
  readonly entityType: EntityType | null;
  readonly entityId: string | null;
  readonly taskId: string;
}): string | null {
  const { organizationId, entityType, entityId, taskId } = input;
  if (!organizationId || !entityType || !entityId) return null;
  let origin: string;
  try {
    const url = new URL(input.signInUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    origin = url.origin;
  } catch {
    return null;
  }
  const path = [organizationId, PATH_WORD[entityType], entityId].map(encodeURIComponent).join('/');
  return `${origin}/${path}?taskItemId=${encodeURIComponent(taskId)}#task-items`;
}
