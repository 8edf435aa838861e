import type { Kysely } from 'kysely';

/**
 * What a notification is about (issue 15): `link`, the app's page it opens — a transaction's detail, a
 * market, the KYC or security screen, the affiliate pages. Older rows keep null: the app shows them as
 * before, and a push or email of one falls back to the page its type belongs to.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('link', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('link').execute();
}
