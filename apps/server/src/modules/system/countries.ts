import type { TCountry } from '@fit24/contract';
import { countries, getEmojiFlag, type TCountryCode } from 'countries-list';

/**
 * `countries-list` also carries codes that are not officially assigned in ISO 3166-1: Kosovo (user-assigned)
 * and the exceptionally reserved Ascension Island and Tristan da Cunha. The list answers the 249 assigned.
 */
const NOT_ASSIGNED = new Set(['XK', 'AC', 'TA']);

export const countryList: TCountry[] = (Object.keys(countries) as TCountryCode[])
  .filter((code) => !NOT_ASSIGNED.has(code))
  .map((code) => ({
    code,
    name: countries[code].name,
    dial_code: `+${countries[code].phone[0]}`,
    flag: getEmojiFlag(code),
  }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

const assigned = new Set(countryList.map((c) => c.code));

export function isAssignedCountry(code: string): boolean {
  return assigned.has(code);
}
