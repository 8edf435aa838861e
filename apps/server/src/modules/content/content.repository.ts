import type { Insertable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { BannerRow, BannersTable } from '../../db/schema.ts';

/** The banners in their display order (then newest first), at most `limit`. */
export function banners(db: Database, limit: number): Promise<BannerRow[]> {
  return db
    .selectFrom('banners')
    .selectAll()
    .orderBy('sort_order')
    .orderBy('banner_id', 'desc')
    .limit(limit)
    .execute();
}

export function insertBanner(db: Database, banner: Insertable<BannersTable>): Promise<BannerRow> {
  return db.insertInto('banners').values(banner).returningAll().executeTakeFirstOrThrow();
}

/** The referral code a device arrived with, if any. */
export async function deviceReferral(db: Database, deviceUuid: string): Promise<string | null> {
  const row = await db
    .selectFrom('device_referrals')
    .select('code')
    .where('device_uuid', '=', deviceUuid)
    .executeTakeFirst();
  return row?.code ?? null;
}

/** Remembers the code a device arrived with; a later share link replaces it. */
export async function saveDeviceReferral(
  db: Database,
  deviceUuid: string,
  code: string,
  now: Date,
): Promise<void> {
  await db
    .insertInto('device_referrals')
    .values({ device_uuid: deviceUuid, code, created_at: now })
    .onConflict((oc) => oc.column('device_uuid').doUpdateSet({ code, created_at: now }))
    .execute();
}
