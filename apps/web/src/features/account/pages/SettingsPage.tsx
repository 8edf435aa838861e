import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { ListSkeleton } from '../../../components/ui/ListSkeleton.tsx';
import { PageShell } from '../../../components/ui/PageShell.tsx';
import { useSettings } from '../api/get-settings.ts';
import { AppearancePanel } from '../components/AppearancePanel.tsx';
import { LanguagePanel } from '../components/LanguagePanel.tsx';
import { NotificationsPanel } from '../components/NotificationsPanel.tsx';
import { PushDevicePanel } from '../components/PushDevicePanel.tsx';
import '../../../components/ui/forms.css';
import './settings.css';

/** Settings: the theme, the language, which events reach the user by email and push, and push on this device. */
export function SettingsPage() {
  const { t } = useTranslation('account');
  const settings = useSettings();
  const data = settings.data?.settings;
  return (
    <PageShell page="settings" title={t('settings.title')} backHref="/tabs/account">
      <AppearancePanel saved={data?.theme} />
      <LanguagePanel saved={data?.language} />
      {settings.isPending && <ListSkeleton rows={6} label={t('settings.loadingChoices')} />}
      {settings.isError && (
        <div className="fit24-panel settings-error" role="alert" data-testid="settings-error">
          <p>{t('settings.loadError', { reason: settings.error.message })}</p>
          <IonButton fill="outline" size="small" onClick={() => void settings.refetch()}>
            {t('settings.tryAgain')}
          </IonButton>
        </div>
      )}
      {data && <NotificationsPanel choices={data.notifications} />}
      <PushDevicePanel />
    </PageShell>
  );
}
