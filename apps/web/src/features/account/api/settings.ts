import type { RouteBody, TSettings, TSettingsData } from '@fit24/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast.ts';
import { api } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { SETTINGS_QUERY_KEY } from './get-settings.ts';

export type SettingsChange = RouteBody<'settings.update'>;

const SAVE_KEY = ['settings', 'save'] as const;

/** The settings as they will be once `change` is saved (what a toggle shows at once). */
export function withChange(settings: TSettings, change: SettingsChange): TSettings {
  const notifications = { ...settings.notifications };
  for (const [event, choice] of Object.entries(change.notifications ?? {})) {
    const key = event as keyof TSettings['notifications'];
    if (choice) notifications[key] = { ...notifications[key], ...choice };
  }
  return {
    theme: change.theme ?? settings.theme,
    language: change.language ?? settings.language,
    notifications,
  };
}

/**
 * Saves a change: the screen shows it at once, the server's answer replaces it, and a failure puts the
 * previous settings back with the server's reason in a toast.
 */
export function useSaveSettings() {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationKey: SAVE_KEY,
    mutationFn: (change: SettingsChange) => api.fetchData('settings.update', { body: change }),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: SETTINGS_QUERY_KEY });
      const before = queryClient.getQueryData<TSettingsData>(SETTINGS_QUERY_KEY);
      if (before)
        queryClient.setQueryData(SETTINGS_QUERY_KEY, { settings: withChange(before.settings, change) });
      return { before };
    },
    onError: (error, _change, context) => {
      if (context?.before) queryClient.setQueryData(SETTINGS_QUERY_KEY, context.before);
      toast.error(error instanceof ApiError ? error.message : t('settings.saveError'));
    },
    // With another toggle still saving, its answer (which has both) is the one to show.
    onSuccess: (data) => {
      if (queryClient.isMutating({ mutationKey: SAVE_KEY }) <= 1)
        queryClient.setQueryData(SETTINGS_QUERY_KEY, data);
    },
  });
}
