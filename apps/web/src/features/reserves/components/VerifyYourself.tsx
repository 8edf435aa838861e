import { IonButton, IonIcon } from '@ionic/react';
import { copyOutline, downloadOutline, terminalOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { readConfig } from '../../../lib/config.ts';
import { verifyCommand } from '../lib/download.ts';

/** The way to check without this page: the proof file and the repository's verifier, one command. */
export function VerifyYourself({
  snapshotId,
  onDownload,
}: {
  snapshotId: number;
  /** Absent when there is no proof to download (the user had no balance in the snapshot). */
  onDownload?: () => void;
}) {
  const { t } = useTranslation('reserves');
  const toast = useToast();
  // The API's origin: the page's own on the web, the configured server in the native shells.
  const config = readConfig();
  const command = verifyCommand(snapshotId, {
    origin: config.apiBase || window.location.origin,
    key: config.apiKey,
  });
  return (
    <section className="fit24-panel reserves-yourself" aria-labelledby="reserves-yourself-title">
      <h2 id="reserves-yourself-title" className="reserves-section-title">
        <IonIcon icon={terminalOutline} aria-hidden="true" />
        {t('yourself.title')}
      </h2>
      <p>{t('yourself.text')}</p>
      <div className="reserves-command">
        <code data-testid="reserves-command">{command}</code>
        <IonButton
          fill="clear"
          size="small"
          aria-label={t('yourself.copy')}
          onClick={() =>
            void copyText(command).then((done) =>
              done ? toast.success(t('yourself.copied')) : toast.error(t('yourself.copyFailed')),
            )
          }
        >
          <IonIcon icon={copyOutline} slot="icon-only" aria-hidden="true" />
        </IonButton>
      </div>
      {onDownload && (
        <IonButton fill="outline" expand="block" onClick={onDownload} data-testid="reserves-download-again">
          <IonIcon icon={downloadOutline} slot="start" aria-hidden="true" />
          {t('download.button')}
        </IonButton>
      )}
    </section>
  );
}
