import type { ReactNode } from 'react';
import './funds-forms.css';
import './funds.css';

export interface SummaryRow {
  label: string;
  value: ReactNode;
  testId?: string;
  /** The row that matters most (what is received, what is deducted). */
  strong?: boolean;
  /** Long values (addresses) in monospace, wrapping. */
  mono?: boolean;
}

/** Label–value lines of a fee preview or a review. */
export function SummaryRows({ rows, testId }: { rows: SummaryRow[]; testId?: string }) {
  return (
    <dl className="funds-summary" data-testid={testId}>
      {rows.map((row) => (
        <div
          key={row.label}
          className={`funds-summary__row${row.strong ? ' funds-summary__row--strong' : ''}`}
        >
          <dt>{row.label}</dt>
          <dd className={row.mono ? 'funds-mono' : 'funds-num'} data-testid={row.testId}>
            {row.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
