/**
 * How often the background sync reads the service (main/sync/). Zod-free: the
 * renderer's Settings control lists these too.
 */
export const SYNC_INTERVALS = ['1', '2', '5', '15', 'on-open'] as const;
export type SyncInterval = (typeof SYNC_INTERVALS)[number];
export const DEFAULT_SYNC_INTERVAL: SyncInterval = '2';

/** The interval in milliseconds; null: only when the person opens Task Tray. */
export const syncIntervalMs = (interval: SyncInterval): number | null =>
  interval === 'on-open' ? null : Number(interval) * 60_000;

export const SYNC_INTERVAL_LABELS: Readonly<Record<SyncInterval, string>> = {
  '1': 'Every minute',
  '2': 'Every 2 minutes',
  '5': 'Every 5 minutes',
  '15': 'Every 15 minutes',
  'on-open': 'Only when I open Task Tray',
};
