import type { Migration, MigrationProvider } from 'kysely';
import * as foundation from './2026112301_foundation.ts';
import * as identity from './2026112302_identity.ts';
import * as ledger from './2026112303_ledger.ts';
import * as affiliate from './2026112304_affiliate.ts';
import * as trading from './2026112305_trading.ts';
import * as processes from './2026112306_processes.ts';
import * as security from './2026112501_security.ts';
import * as custody from './2026112601_custody.ts';
import * as operators from './2026112602_operators.ts';
import * as partnerNamesMasked from './2026112610_partner_names_masked.ts';
import * as settingsPush from './2026112630_settings_push.ts';
import * as notificationLinks from './2026112715_notification_links.ts';
import * as reserves from './2026112801_reserves.ts';
import * as apiKeys from './2026112901_api_keys.ts';
import * as stopOrders from './2026113001_stop_orders.ts';
import * as nativePushSends from './2026113010_native_push_sends.ts';
import * as apiKeyRates from './2026113011_api_key_rates.ts';
import * as apiKeyRatesGranted from './2026113012_api_key_rates_granted.ts';
import * as ordersPickUpIndexes from './2026113013_orders_pick_up_indexes.ts';
import * as growingTablesIndexes from './2026113014_growing_tables_indexes.ts';
import * as referencesPerStatement from './2026113015_references_per_statement.ts';

/** Every migration, in order. A new one is a new file here: `<yyyymmddnn>_<what>.ts`. */
const migrations: Record<string, Migration> = {
  '2026112301_foundation': foundation,
  '2026112302_identity': identity,
  '2026112303_ledger': ledger,
  '2026112304_affiliate': affiliate,
  '2026112305_trading': trading,
  '2026112306_processes': processes,
  '2026112501_security': security,
  '2026112601_custody': custody,
  '2026112602_operators': operators,
  '2026112610_partner_names_masked': partnerNamesMasked,
  '2026112630_settings_push': settingsPush,
  '2026112715_notification_links': notificationLinks,
  '2026112801_reserves': reserves,
  '2026112901_api_keys': apiKeys,
  '2026113001_stop_orders': stopOrders,
  '2026113010_native_push_sends': nativePushSends,
  '2026113011_api_key_rates': apiKeyRates,
  '2026113012_api_key_rates_granted': apiKeyRatesGranted,
  '2026113013_orders_pick_up_indexes': ordersPickUpIndexes,
  '2026113014_growing_tables_indexes': growingTablesIndexes,
  '2026113015_references_per_statement': referencesPerStatement,
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};

export const migrationNames = Object.keys(migrations);
