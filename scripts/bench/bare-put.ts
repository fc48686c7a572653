import type { BenchService } from './bench-service';

/**
 * The floor of a status change: one PUT with Node's fetch, straight to the
 * reference service, and its JSON answer read. No input check, no outbox, no
 * settings, no events: what the app adds is the difference.
 */
export async function barePut(
  service: BenchService,
  taskId: string,
  status: string,
): Promise<void> {
  const res = await fetch(`${service.baseUrl}/v1/task-management/${taskId}`, {
    method: 'PUT',
    headers: {
      'X-API-Key': service.apiKey,
      'Content-Type': 'application/json',
      Accept: 'application/json',
    },
    body: JSON.stringify({ status }),
  });
  const body = (await res.json()) as { status?: unknown };
  if (!res.ok || body.status !== status)
    throw new Error(`The bare PUT of ${taskId} was answered ${res.status}.`);
}
