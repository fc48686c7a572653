// Zod-free and apart from task-values.ts: only the screens that load later need it (bench item 1).

/**
 * A task made here before the service has answered goes by a local id: "new_"
 * and letters and digits, never a `tski_` id, so nothing mistakes it for one
 * the service gave and no request ever names it.
 */
export const LOCAL_TASK_ID_PATTERN = /^new_[A-Za-z0-9]{1,64}$/;
export const isLocalTaskId = (v: unknown): v is string =>
  typeof v === 'string' && LOCAL_TASK_ID_PATTERN.test(v);
