import type { AppError } from '../../common/result';
import type { ServiceClient } from '../service/client';

/**
 * Which profiles may send now: not once the outbox is closing, not a profile
 * the service refused (401/403) until it reconnects, not one being signed
 * out, and only one with a client (the signed-in one).
 */
export function createSendGate(clientFor: (profileId: string) => ServiceClient | null) {
  /** Profiles the service refused, with its reason. */
  const paused = new Map<string, AppError>();
  /** Profiles being signed out: their requests already on the wire finish, no new ones start. */
  const suspended = new Set<string>();
  let closed = false;

  const canSend = (profileId: string): boolean =>
    !closed && !paused.has(profileId) && !suspended.has(profileId) && clientFor(profileId) !== null;

  return {
    canSend,
    /** The client to send with, or null if the profile may not send now. */
    clientFor: (profileId: string): ServiceClient | null =>
      canSend(profileId) ? clientFor(profileId) : null,

    closed: (): boolean => closed,
    close(): void {
      closed = true;
    },

    /** Pauses the profile; false if it already was (the first reason stays). */
    pause(profileId: string, error: AppError): boolean {
      if (paused.has(profileId)) return false;
      paused.set(profileId, error);
      return true;
    },
    pausedReason: (profileId: string): AppError | null => paused.get(profileId) ?? null,

    suspend: (profileId: string): void => void suspended.add(profileId),
    /** Neither paused nor suspended any more. */
    resume(profileId: string): void {
      paused.delete(profileId);
      suspended.delete(profileId);
    },
  };
}

export type SendGate = ReturnType<typeof createSendGate>;
