import { statusLabel, toneOf } from '../lib/status.ts';
import { Chip } from './Chip.tsx';

/** A status word of the API in its colour. */
export function StatusChip({ status, testId }: { status: string; testId?: string }) {
  return (
    <span data-status={status}>
      <Chip tone={toneOf(status)} testId={testId}>
        {statusLabel(status)}
      </Chip>
    </span>
  );
}
