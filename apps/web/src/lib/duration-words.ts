import { i18n } from '../i18n/i18n.ts';

/**
 * A configured duration in its largest whole unit, for sentences: "15 days", "1 day", "2 hours",
 * "90 minutes", "45 seconds" (the affiliate programme's boost window).
 */
export function durationInWords(seconds: number): string {
  if (seconds >= 86_400 && seconds % 86_400 === 0) return i18n.t('time.days', { count: seconds / 86_400 });
  if (seconds >= 3600 && seconds % 3600 === 0) return i18n.t('time.hours', { count: seconds / 3600 });
  if (seconds >= 60 && seconds % 60 === 0) return i18n.t('time.minutes', { count: seconds / 60 });
  return i18n.t('time.seconds', { count: seconds });
}
