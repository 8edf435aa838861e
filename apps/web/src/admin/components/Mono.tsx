/**
 * Ids, hashes, addresses and transaction ids in a monospace face. `short` cuts the middle of a long one
 * (the whole value stays in the title and the CSV).
 */
export function Mono({
  value,
  short,
  testId,
}: {
  value: string | number | null;
  short?: boolean;
  testId?: string;
}) {
  if (value === null || value === '') return <span className="adm-dim">—</span>;
  const text = String(value);
  const shown = short && text.length > 18 ? `${text.slice(0, 8)}…${text.slice(-6)}` : text;
  return (
    <code className="adm-mono" title={text} data-testid={testId}>
      {shown}
    </code>
  );
}
