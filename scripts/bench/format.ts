import type { Unit } from './figure';

/** 1 KB = 1000 bytes, as Vite's build report counts them. */
export const KB = 1000;

export function formatValue(value: number, unit: Unit): string {
  switch (unit) {
    case 'ms':
      return `${value.toFixed(1)} ms`;
    case 's':
      return `${value.toFixed(1)} s`;
    case 'bytes':
      return `${(value / KB).toFixed(1)} KB`;
    case 'MB':
      return `${value.toFixed(2)} MB`;
    case 'changes/s':
      return `${Math.round(value)}/s`;
    case 'count':
      return String(Math.round(value));
  }
}
