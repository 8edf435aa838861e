import { LANGUAGES, type TLanguage } from '@fit24/contract';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../../../i18n/i18n.ts';
import { useSaveSettings } from '../api/settings.ts';
import { SettingsPanel } from './SettingsPanel.tsx';

/**
 * The app's language: switched at once on this device and kept on the account, so every device the user
 * signs in on speaks it. Each language is named in itself ("Español"), as people look for their own.
 */
export function LanguagePanel({ saved }: { saved: TLanguage | undefined }) {
  const { t, i18n } = useTranslation('common');
  const save = useSaveSettings();
  const choose = (language: TLanguage) => {
    void setLanguage(language);
    if (language !== saved) save.mutate({ language });
  };
  return (
    <SettingsPanel name="language" title={t('language.title')} lead={t('language.lead')}>
      <fieldset className="settings-languages">
        <legend className="fit24-visually-hidden">{t('language.title')}</legend>
        {LANGUAGES.map((language) => (
          <label
            key={language}
            lang={language}
            className={`settings-language${i18n.language === language ? ' settings-language--on' : ''}`}
            data-testid={`settings-language-${language}`}
          >
            <input
              type="radio"
              name="language"
              value={language}
              checked={i18n.language === language}
              onChange={() => choose(language)}
            />
            <span>{t(`language.${language}`)}</span>
          </label>
        ))}
      </fieldset>
    </SettingsPanel>
  );
}
