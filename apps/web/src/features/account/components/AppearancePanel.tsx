import type { TThemeMode } from '@fit24/contract';
import { IonIcon } from '@ionic/react';
import { moonOutline, phonePortraitOutline, sunnyOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { applyTheme, useThemeMode } from '../../../lib/theme.ts';
import { useSaveSettings } from '../api/settings.ts';
import { SettingsPanel } from './SettingsPanel.tsx';

/** The modes and their icons (their words: account:appearance.modes.<mode>). */
const MODES: Array<{ mode: TThemeMode; icon: string }> = [
  { mode: 'dark', icon: moonOutline },
  { mode: 'light', icon: sunnyOutline },
  { mode: 'system', icon: phonePortraitOutline },
];

/** Dark, light, or the device's choice: shown at once, kept on the account for every device. */
export function AppearancePanel({ saved }: { saved: TThemeMode | undefined }) {
  const { t } = useTranslation('account');
  const current = useThemeMode();
  const save = useSaveSettings();
  const choose = (mode: TThemeMode) => {
    applyTheme(mode);
    if (mode !== saved) save.mutate({ theme: mode });
  };
  return (
    <SettingsPanel name="appearance" title={t('appearance.title')} lead={t('appearance.lead')}>
      <fieldset className="settings-themes">
        <legend className="fit24-visually-hidden">{t('appearance.theme')}</legend>
        {MODES.map(({ mode, icon }) => (
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
              className="fit24-visually-hidden"
            />
            <span className={`settings-theme__swatch settings-theme__swatch--${mode}`} aria-hidden="true">
              <IonIcon icon={icon} />
            </span>
            <span className="settings-theme__label">{t(`appearance.modes.${mode}.label`)}</span>
            <span className="settings-theme__hint">{t(`appearance.modes.${mode}.hint`)}</span>
          </label>
        ))}
      </fieldset>
    </SettingsPanel>
  );
}
