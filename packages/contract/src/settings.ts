import { z } from 'zod';
import { ZEpochSeconds, ZFlag } from './common.ts';
import {
  LANGUAGE_COOKIE,
  LANGUAGES,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENTS,
  THEME_MODES,
} from './settings-values.ts';

export { LANGUAGE_COOKIE, LANGUAGES, NOTIFICATION_CHANNELS, NOTIFICATION_EVENTS, THEME_MODES };

/**
 * The account's settings (issue 15): theme, language and which events reach the user by email and by
 * push. Kept on the server, so a new device or a reinstall finds them.
 */

export const ZThemeMode = z.enum(THEME_MODES);
export type TThemeMode = z.infer<typeof ZThemeMode>;

export const ZLanguage = z.enum(LANGUAGES);
export type TLanguage = z.infer<typeof ZLanguage>;

export const ZNotificationEvent = z.enum(NOTIFICATION_EVENTS);
export type TNotificationEvent = z.infer<typeof ZNotificationEvent>;

export type TNotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** One event's channels: 1 on, 0 off. */
export const ZChannelChoice = z.object({ email: ZFlag, push: ZFlag });
export type TChannelChoice = z.infer<typeof ZChannelChoice>;

const eventShape = <S extends z.ZodType>(schema: S) =>
  Object.fromEntries(NOTIFICATION_EVENTS.map((event) => [event, schema])) as Record<TNotificationEvent, S>;

export const ZNotificationPreferences = z.object(eventShape(ZChannelChoice));
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferences>;

export const ZSettings = z.object({
  theme: ZThemeMode,
  language: ZLanguage,
  notifications: ZNotificationPreferences,
});
export type TSettings = z.infer<typeof ZSettings>;

export const ZSettingsData = z.object({ settings: ZSettings });
export type TSettingsData = z.infer<typeof ZSettingsData>;

/**
 * A change: only what is given changes (one toggle flipped on one device never undoes another device's
 * choice of theme). At least one field.
 */
export const ZSettingsBody = z
  .object({
    theme: ZThemeMode.optional(),
    language: ZLanguage.optional(),
    notifications: z.object(eventShape(ZChannelChoice.partial().strict().optional())).strict().optional(),
  })
  .strict()
  .refine((b) => b.theme !== undefined || b.language !== undefined || b.notifications !== undefined, {
    message: 'must change at least one setting',
  });
export type TSettingsBody = z.input<typeof ZSettingsBody>;

/** The VAPID public key a browser subscribes with (base64url, an uncompressed P-256 point). */
export const ZPushKeyData = z.object({ public_key: z.string() });
export type TPushKeyData = z.infer<typeof ZPushKeyData>;

const base64UrlOf = (bytes: number, what: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `must be base64url (${what})`)
    // Unpadded base64url carries 6 bits a character: the characters say the length in bytes.
    .refine((s) => Math.floor((s.replace(/=+$/, '').length * 3) / 4) === bytes, {
      message: `must be ${bytes} bytes, base64url (${what})`,
    });

/** A browser's PushSubscription, as `subscription.toJSON()` gives it. */
export const ZWebPushSubscription = z
  .object({
    endpoint: z.string().trim().min(1).max(2048),
    expirationTime: z.number().nullable().optional(),
    keys: z
      .object({
        p256dh: base64UrlOf(65, 'the P-256 public key'),
        auth: base64UrlOf(16, 'the auth secret'),
      })
      .strict(),
  })
  .strict();

/** A native app's registration token (Firebase Cloud Messaging on Android, APNs on iOS). */
export const ZNativePushToken = z
  .object({
    kind: z.enum(['fcm', 'apns']),
    token: z
      .string()
      .trim()
      .min(16)
      .max(4096)
      .regex(/^[A-Za-z0-9:_.-]+$/, 'must be a registration token'),
  })
  .strict();

export const ZPushSubscribeBody = z.union([ZWebPushSubscription, ZNativePushToken]);
export type TPushSubscribeBody = z.input<typeof ZPushSubscribeBody>;

/** Which of the caller's subscriptions to remove: a browser's endpoint, or a native token. */
export const ZPushUnsubscribeBody = z.union([
  z.object({ endpoint: z.string().trim().min(1).max(2048) }).strict(),
  ZNativePushToken,
]);
export type TPushUnsubscribeBody = z.input<typeof ZPushUnsubscribeBody>;

export const ZPushSubscription = z.object({
  subscription_id: z.number().int().positive(),
  kind: z.enum(['web', 'fcm', 'apns']),
  creation_date: ZEpochSeconds,
});
export const ZPushSubscriptionData = z.object({ subscription: ZPushSubscription });
export type TPushSubscriptionData = z.infer<typeof ZPushSubscriptionData>;

/** What a push carries to the service worker (apps/web/src/sw/push.ts reads it). */
export const ZPushPayload = z.object({
  title: z.string(),
  body: z.string(),
  /** The app's page about it, a path such as `/trade?market_id=1`. */
  url: z.string(),
  /** One notification per tag on the device: `fit24-<notification id>`. */
  tag: z.string(),
});
export type TPushPayload = z.infer<typeof ZPushPayload>;
