import { useEffect } from 'react';
import { applyTheme, getThemeMode, isThemeMode } from '../../../lib/theme.ts';
import { useSettings } from '../api/settings.ts';

/**
 * The account's theme wins over this device's last one: after a sign-in, or a change made on another
 * device, the app takes the theme kept on the account. Renders nothing.
 */
export function AccountSettingsSync() {
  // Read defensively: this runs on every screen, and an answer of another shape must not break the app.
  const theme = useSettings().data?.settings?.theme;
  useEffect(() => {
    if (isThemeMode(theme) && theme !== getThemeMode()) applyTheme(theme);
  }, [theme]);
  return null;
}
