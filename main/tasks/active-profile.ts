import type { PinStore } from './pin-store';

/** The signed-in profile as the task service needs it. */
export interface ActiveProfile {
  readonly profileId: string;
  readonly pins: PinStore;
  /** Whether its changes are kept on disk (the demo's are not: its service lives only as long as the app). */
  readonly durable: boolean;
}
