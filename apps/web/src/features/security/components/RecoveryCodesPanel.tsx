import { IonButton, IonCheckbox, IonIcon } from '@ionic/react';
import type { TFunction } from 'i18next';
import { copyOutline, downloadOutline, warningOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { downloadText } from '../../../lib/download.ts';

export const RECOVERY_CODES_FILE = 'fit24-recovery-codes.txt';

/** The text of the downloaded file, in the language on screen: who they are for, when they were made, the codes. */
export function recoveryCodesText(
  t: TFunction<'security'>,
  codes: string[],
  email: string | undefined,
  nowSeconds: number,
): string {
  return [
    t('recoveryCodes.file.title'),
    ...(email ? [t('recoveryCodes.file.account', { email })] : []),
    t('recoveryCodes.file.created', { date: formatDateTime(nowSeconds) }),
    '',
    t('recoveryCodes.file.use'),
    t('recoveryCodes.file.keep'),
    '',
    ...codes.map((code, index) => `${String(index + 1).padStart(2, ' ')}. ${code}`),
    '',
  ].join('\n');
}

/**
 * Ten new recovery codes, shown this once: copy them, download them as a text file, and say they are
 * saved before the panel closes.
 */
export function RecoveryCodesPanel({
  codes,
  email,
  onDone,
}: {
  codes: string[];
  email: string | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation('security');
  const toast = useToast();
  const [saved, setSaved] = useState(false);
  const [now] = useState(() => Math.floor(Date.now() / 1000));
  const text = recoveryCodesText(t, codes, email, now);

  const copy = async () => {
    if (await copyText(text)) toast.success(t('recoveryCodes.copied'));
    else toast.error(t('recoveryCodes.copyRefused'));
  };

  return (
    <div className="tfa-codes" data-testid="security-2fa-codes">
      <div className="fit24-notice fit24-notice--warning">
        <IonIcon icon={warningOutline} color="warning" aria-hidden="true" />
        <span>{t('recoveryCodes.warning')}</span>
      </div>
      <ol className="tfa-codes__grid" data-testid="security-2fa-code-list">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="tfa-codes__actions">
        <IonButton fill="outline" onClick={() => void copy()} data-testid="security-2fa-codes-copy">
          <IonIcon icon={copyOutline} slot="start" aria-hidden="true" />
          {t('recoveryCodes.copy')}
        </IonButton>
        <IonButton
          fill="outline"
          onClick={() => downloadText(RECOVERY_CODES_FILE, text, 'text/plain;charset=utf-8')}
          data-testid="security-2fa-codes-download"
        >
          <IonIcon icon={downloadOutline} slot="start" aria-hidden="true" />
          {t('recoveryCodes.download')}
        </IonButton>
      </div>
      <IonCheckbox
        checked={saved}
        labelPlacement="end"
        justify="start"
        onIonChange={(event) => setSaved(event.detail.checked)}
        data-testid="security-2fa-codes-saved"
        className="tfa-codes__saved"
      >
        {t('recoveryCodes.saved')}
      </IonCheckbox>
      <IonButton expand="block" disabled={!saved} onClick={onDone} data-testid="security-2fa-codes-done">
        {t('recoveryCodes.done')}
      </IonButton>
    </div>
  );
}
