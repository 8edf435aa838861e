/** The settings' choices (issue 15), apart from their schemas in settings.ts: no zod for the first screen. */

export const THEME_MODES = ['dark', 'light', 'system'] as const;

export const LANGUAGES = ['en', 'es'] as const;

/**
 * The cookie the app keeps its language in for the server (`fit24_language=es`): the page the server sends
 * names the strings of that language to fetch early, even when the browser's own language is another.
 */
export const LANGUAGE_COOKIE = 'fit24_language';

/** The events a user chooses channels for, in the order Settings lists them. */
export const NOTIFICATION_EVENTS = [
  'order_filled',
  'price_alert',
  'deposit_credited',
  'withdrawal_sent',
  'new_device_signin',
  'reward',
] as const;

export const NOTIFICATION_CHANNELS = ['email', 'push'] as const;
