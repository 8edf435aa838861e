/**
 * A configured duration in its largest whole unit, for sentences: "15 days", "1 day", "2 hours",
 * "90 minutes", "45 seconds" (the affiliate programme's boost window).
 */
export function durationInWords(seconds: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (seconds >= 86_400 && seconds % 86_400 === 0) return unit(seconds / 86_400, 'day');
  if (seconds >= 3600 && seconds % 3600 === 0) return unit(seconds / 3600, 'hour');
  if (seconds >= 60 && seconds % 60 === 0) return unit(seconds / 60, 'minute');
  return unit(seconds, 'second');
}
