import { IonItem, IonLabel, IonList, IonNote, IonSpinner } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/ui/PageShell.tsx';
import { versionQueryOptions } from '../api/get-version.ts';

/** Open page: the app version the server announces (GET /api/version). */
export function VersionPage() {
  const { t } = useTranslation('system');
  const version = useQuery(versionQueryOptions());
  return (
    <PageShell page="version" title={t('version.title')} backHref="/">
      {version.isPending && (
        <div className="fit24-center" role="status" aria-label={t('version.loading')}>
          <IonSpinner name="crescent" color="primary" />
        </div>
      )}
      {version.isError && <p className="fit24-muted">{version.error.message}</p>}
      {version.data && (
        <IonList inset lines="full">
          <IonItem>
            <IonLabel>{t('version.version')}</IonLabel>
            <IonNote slot="end" data-testid="version-name">
              {version.data.version}
            </IonNote>
          </IonItem>
          <IonItem>
            <IonLabel>{t('version.code')}</IonLabel>
            <IonNote slot="end" data-testid="version-code">
              {version.data.code}
            </IonNote>
          </IonItem>
        </IonList>
      )}
    </PageShell>
  );
}
