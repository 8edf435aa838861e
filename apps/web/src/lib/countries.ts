import type { TCountry } from '@fit24/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api.ts';

/** GET /api/country/list (public): every country with its flag and dial code; it never changes in a run. */
export const countriesQueryOptions = () =>
  queryOptions({
    queryKey: ['countries'] as const,
    queryFn: () => api.fetchData('system.countries'),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

export function useCountries() {
  return useQuery(countriesQueryOptions());
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
