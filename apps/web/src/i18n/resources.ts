import type account from './locales/en/account.ts';
import type affiliate from './locales/en/affiliate.ts';
import type apiKeys from './locales/en/apiKeys.ts';
import type auth from './locales/en/auth.ts';
import type bank from './locales/en/bank.ts';
import type common from './locales/en/common.ts';
import type earn from './locales/en/earn.ts';
import type kyc from './locales/en/kyc.ts';
import type markets from './locales/en/markets.ts';
import type notifications from './locales/en/notifications.ts';
import type reserves from './locales/en/reserves.ts';
import type security from './locales/en/security.ts';
import type system from './locales/en/system.ts';
import type wallet from './locales/en/wallet.ts';
import type welcome from './locales/en/welcome.ts';

/** Every namespace's English strings, by name: what `t` is typed against (a key that is not here fails). */
export interface Resources {
  account: typeof account;
  affiliate: typeof affiliate;
  apiKeys: typeof apiKeys;
  auth: typeof auth;
  bank: typeof bank;
  common: typeof common;
  earn: typeof earn;
  kyc: typeof kyc;
  markets: typeof markets;
  notifications: typeof notifications;
  reserves: typeof reserves;
  security: typeof security;
  system: typeof system;
  wallet: typeof wallet;
  welcome: typeof welcome;
}

export type Namespace = keyof Resources;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
  }
}
