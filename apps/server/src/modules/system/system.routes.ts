import { APP_VERSION, APP_VERSION_CODE } from '@fit24/contract';
import { defineHandlers } from '../../http/contract-routes.ts';
import { countryList } from './countries.ts';

const platform = { version: APP_VERSION, code: APP_VERSION_CODE, min_code: APP_VERSION_CODE };

export const systemHandlers = defineHandlers({
  'system.version': () => ({
    version: APP_VERSION,
    code: APP_VERSION_CODE,
    min_code: APP_VERSION_CODE,
    ios: { ...platform, store_url: null },
    android: { ...platform, store_url: null },
    web: { ...platform, store_url: null },
  }),
  'system.countries': () => ({ countries: countryList }),
});
