import type { TCountry, TCountryListData } from '@fit24/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { localeOf } from '../i18n/i18n.ts';
import { api } from './api.ts';

/** GET /api/country/list (public): every country with its flag and dial code; it never changes in a run. */
export const countriesQueryOptions = () =>
  queryOptions({
    queryKey: ['countries'] as const,
    queryFn: () => api.fetchData('system.countries'),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

/**
 * The countries named in the language on screen (Intl's region names: "Alemania" for DE in Spanish), in
 * that language's alphabetical order; the server's English name where the browser has none.
 */
export function inLanguage(countries: TCountry[], locale: string): TCountry[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
  } catch {
    return countries;
  }
  const named = countries.map((c) => {
    let name: string | undefined;
    try {
      name = names?.of(c.code);
    } catch {
      name = undefined;
    }
    return name ? { ...c, name } : c;
  });
  const collator = new Intl.Collator(locale);
  return named.sort((a, b) => collator.compare(a.name, b.name));
}

export function useCountries() {
  const { i18n: current } = useTranslation();
  const locale = localeOf(current.language);
  const select = useCallback(
    (data: TCountryListData) => ({ ...data, countries: inLanguage(data.countries, locale) }),
    [locale],
  );
  return useQuery({ ...countriesQueryOptions(), select });
}

/** Countries whose name, code or dial code contains the search text. */
export function filterCountries(countries: TCountry[], search: string): TCountry[] {
  const text = search.trim().toLowerCase();
  if (!text) return countries;
  const digits = text.replace(/[^0-9]/g, '');
  return countries.filter(
    (c) =>
      c.name.toLowerCase().includes(text) ||
      c.code.toLowerCase() === text ||
      (digits.length > 0 && c.dial_code.replace('+', '').startsWith(digits)),
  );
}
