import { useEffect } from 'react';
import { i18n, isLanguage, setLanguage } from '../../../i18n/i18n.ts';
import { applyTheme, getThemeMode, isThemeMode } from '../../../lib/theme.ts';
import { useSettings } from '../api/get-settings.ts';

/**
 * The account's theme and language win over this device's last one: after a sign-in, or a change made on another
 * device, the app takes the theme and language kept on the account. Renders nothing.
 */
export function AccountSettingsSync() {
  // Read defensively: this runs on every screen, and an answer of another shape must not break the app.
  const settings = useSettings().data?.settings;
  const theme = settings?.theme;
  const language = settings?.language;
  useEffect(() => {
    if (isThemeMode(theme) && theme !== getThemeMode()) applyTheme(theme);
  }, [theme]);
  useEffect(() => {
    if (isLanguage(language) && language !== i18n.language) void setLanguage(language);
  }, [language]);
  return null;
}
