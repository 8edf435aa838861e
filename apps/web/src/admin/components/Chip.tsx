/** A status in a small coloured chip: `tone` from lib/status.ts. */
export type Tone = 'success' | 'warning' | 'danger' | 'info' | 'muted' | 'accent';

export function Chip({ tone, children, testId }: { tone: Tone; children: string; testId?: string }) {
  return (
    <span className={`adm-chip adm-chip--${tone}`} data-testid={testId} data-tone={tone}>
      {children}
    </span>
  );
}
