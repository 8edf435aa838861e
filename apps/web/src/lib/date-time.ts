/** An epoch-seconds moment as a short local date and time: "12 Mar 2025, 14:05". */
export function formatDateTime(epochSeconds: number): string {
  const date = new Date(epochSeconds * 1000);
  const day = date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return `${day}, ${time}`;
}
