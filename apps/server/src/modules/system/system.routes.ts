import { APP_VERSION, APP_VERSION_CODE, type TVersionData } from '@fit24/contract';
import type { AppConfig } from '../../config.ts';
import { defineHandlers } from '../../http/contract-routes.ts';
import { countryList } from './countries.ts';

/**
 * This release and the oldest one still served (`MIN_APP_VERSION`): an app whose own code is below
 * `min_code` shows its "Update required" screen — a reload on the web, the store page on a phone.
 */
export function versionData(config: Pick<AppConfig, 'appVersion'>): TVersionData {
  const { minCode, iosStoreUrl, androidStoreUrl } = config.appVersion;
  const platform = { version: APP_VERSION, code: APP_VERSION_CODE, min_code: minCode };
  return {
    version: APP_VERSION,
    code: APP_VERSION_CODE,
    min_code: minCode,
    ios: { ...platform, store_url: iosStoreUrl },
    android: { ...platform, store_url: androidStoreUrl },
    web: { ...platform, store_url: null },
  };
}

export const systemHandlers = defineHandlers({
  'system.version': (ctx) => versionData(ctx.config),
  'system.countries': () => ({ countries: countryList }),
});
