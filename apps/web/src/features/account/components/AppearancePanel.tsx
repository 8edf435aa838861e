import type { TThemeMode } from '@fit24/contract';
import { IonIcon } from '@ionic/react';
import { moonOutline, phonePortraitOutline, sunnyOutline } from 'ionicons/icons';
import { applyTheme, useThemeMode } from '../../../lib/theme.ts';
import { useSaveSettings } from '../api/settings.ts';
import { SettingsPanel } from './SettingsPanel.tsx';

const MODES: Array<{ mode: TThemeMode; label: string; icon: string; hint: string }> = [
  { mode: 'dark', label: 'Dark', icon: moonOutline, hint: 'Easy on the eyes' },
  { mode: 'light', label: 'Light', icon: sunnyOutline, hint: 'Crisp in daylight' },
  { mode: 'system', label: 'System', icon: phonePortraitOutline, hint: 'Like this device' },
];

/** Dark, light, or the device's choice: shown at once, kept on the account for every device. */
export function AppearancePanel({ saved }: { saved: TThemeMode | undefined }) {
  const current = useThemeMode();
  const save = useSaveSettings();
  const choose = (mode: TThemeMode) => {
    applyTheme(mode);
    if (mode !== saved) save.mutate({ theme: mode });
  };
  return (
    <SettingsPanel
      name="appearance"
      title="Appearance"
      lead="How FIT24 Exchange looks, on this device and the others you sign in on."
    >
      <fieldset className="settings-themes">
        <legend className="settings-visually-hidden">Theme</legend>
        {MODES.map(({ mode, label, icon, hint }) => (
          <label
            key={mode}
            className={`settings-theme${current === mode ? ' settings-theme--on' : ''}`}
            data-testid={`settings-theme-${mode}`}
          >
            <input
              type="radio"
              name="theme"
              value={mode}
              checked={current === mode}
              onChange={() => choose(mode)}
              className="settings-visually-hidden"
            />
            <span className={`settings-theme__swatch settings-theme__swatch--${mode}`} aria-hidden="true">
              <IonIcon icon={icon} />
            </span>
            <span className="settings-theme__label">{label}</span>
            <span className="settings-theme__hint">{hint}</span>
          </label>
        ))}
      </fieldset>
    </SettingsPanel>
  );
}
