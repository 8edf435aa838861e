import {
  NOTIFICATION_EVENTS,
  type TChannelChoice,
  type TLanguage,
  type TNotificationEvent,
  type TNotificationPreferences,
  type TSettings,
  type TSettingsBody,
  type TThemeMode,
} from '@fit24/contract';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import * as settingsRepo from './settings.repository.ts';

/** A user who never chose: the app's dark look, English. */
export const DEFAULT_THEME: TThemeMode = 'dark';
export const DEFAULT_LANGUAGE: TLanguage = 'en';

/**
 * Until changed: push for every event (the device itself must opt in first); email only for a sign-in
 * from a new device, the one event that emailed before settings existed. The notifications' trigger
 * (migration 2026112630) applies the same defaults for users without a row.
 */
export const DEFAULT_PREFERENCES: TNotificationPreferences = Object.fromEntries(
  NOTIFICATION_EVENTS.map((event) => [event, { email: event === 'new_device_signin' ? 1 : 0, push: 1 }]),
) as TNotificationPreferences;

const flag = (on: boolean): 0 | 1 => (on ? 1 : 0);

export async function getSettings(db: Database, userId: bigint): Promise<TSettings> {
  const [row, preferences] = await Promise.all([
    settingsRepo.findSettings(db, userId),
    settingsRepo.preferencesOf(db, userId),
  ]);
  const notifications = { ...DEFAULT_PREFERENCES };
  for (const p of preferences) {
    if ((NOTIFICATION_EVENTS as readonly string[]).includes(p.event)) {
      notifications[p.event as TNotificationEvent] = { email: flag(p.email), push: flag(p.push) };
    }
  }
  return {
    theme: (row?.theme as TThemeMode | undefined) ?? DEFAULT_THEME,
    language: (row?.language as TLanguage | undefined) ?? DEFAULT_LANGUAGE,
    notifications,
  };
}

/** Changes what the body gives, nothing else, and answers the settings as they now are. */
export async function updateSettings(
  ctx: AppContext,
  userId: bigint,
  body: TSettingsBody,
): Promise<TSettings> {
  const now = ctx.clock.now();
  if (body.theme !== undefined || body.language !== undefined) {
    await settingsRepo.upsertSettings(
      ctx.db,
      userId,
      { theme: body.theme ?? null, language: body.language ?? null },
      { theme: DEFAULT_THEME, language: DEFAULT_LANGUAGE },
      now,
    );
  }
  const changes = Object.entries(body.notifications ?? {}).flatMap(([event, choice]) => {
    if (!choice) return [];
    const defaults = DEFAULT_PREFERENCES[event as TNotificationEvent];
    return [
      {
        event,
        email: choice.email === undefined ? null : choice.email === 1,
        push: choice.push === undefined ? null : choice.push === 1,
        defaultEmail: defaults.email === 1,
        defaultPush: defaults.push === 1,
      },
    ];
  });
  await settingsRepo.upsertPreferences(ctx.db, userId, changes, now);
  return getSettings(ctx.db, userId);
}

/** Whether the user takes this event on this channel (their choice, else the default). */
export async function wants(
  db: Database,
  userId: bigint,
  event: TNotificationEvent,
  channel: keyof TChannelChoice,
): Promise<boolean> {
  const row = await settingsRepo.preferenceOf(db, userId, event);
  return row ? row[channel] : DEFAULT_PREFERENCES[event][channel] === 1;
}
