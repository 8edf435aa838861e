import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useSignedIn } from '../../../lib/session.ts';

/*
 * Reading the settings, apart from saving them (settings.ts): AccountSettingsSync runs on every screen,
 * and saving brings the toast (Ionic's toast element) that the first screen does not need (issue 15).
 */

/** Cache key of GET /api/settings. */
export const SETTINGS_QUERY_KEY = ['settings'] as const;

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: SETTINGS_QUERY_KEY,
    queryFn: () => api.fetchData('settings.get'),
  });

/** The account's settings, fetched only while there is a session. */
export function useSettings() {
  return useQuery({ ...settingsQueryOptions(), enabled: useSignedIn() });
}
