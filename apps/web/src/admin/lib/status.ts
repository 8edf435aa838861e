import type { Tone } from '../components/Chip.tsx';

/** The colour of every status the console shows: green done, amber waiting, red refused or failed. */
const TONES: Record<string, Tone> = {
  PENDING: 'warning',
  PROCESSING: 'info',
  BROADCAST: 'info',
  COMPLETED: 'success',
  CREDITED: 'success',
  APPROVED: 'success',
  REJECTED: 'danger',
  FAILED: 'danger',
  ORPHANED: 'danger',
  CANCELLED: 'muted',
  NONE: 'muted',
  OPEN: 'success',
  HALTED: 'danger',
  NEW: 'info',
  PARTIAL: 'info',
  FILLED: 'success',
  done: 'success',
  refused: 'danger',
};

export function toneOf(status: string): Tone {
  return TONES[status] ?? 'muted';
}

/** "PROCESSING" → "Processing". */
export function statusLabel(status: string): string {
  const text = status.replace(/_/g, ' ').toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
}
