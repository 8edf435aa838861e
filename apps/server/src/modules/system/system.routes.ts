import { APP_VERSION, APP_VERSION_CODE, type TCountry } from '@fit24/contract';
import { countries, getEmojiFlag, type TCountryCode } from 'countries-list';
import type { HandlerMap } from '../../http/contract-routes.ts';

/**
 * `countries-list` also carries codes that are not officially assigned in ISO 3166-1: Kosovo (user-assigned)
 * and the exceptionally reserved Ascension Island and Tristan da Cunha. The list answers the 249 assigned.
 */
const NOT_ASSIGNED = new Set(['XK', 'AC', 'TA']);

const countryList: TCountry[] = (Object.keys(countries) as TCountryCode[])
  .filter((code) => !NOT_ASSIGNED.has(code))
  .map((code) => ({
    code,
    name: countries[code].name,
    dial_code: `+${countries[code].phone[0]}`,
    flag: getEmojiFlag(code),
  }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

const platform = { version: APP_VERSION, code: APP_VERSION_CODE, min_code: APP_VERSION_CODE };

export const systemHandlers: HandlerMap = {
  'system.version': () => ({
    version: APP_VERSION,
    code: APP_VERSION_CODE,
    min_code: APP_VERSION_CODE,
    ios: { ...platform, store_url: null },
    android: { ...platform, store_url: null },
    web: { ...platform, store_url: null },
  }),
  'system.countries': () => ({ countries: countryList }),
};
