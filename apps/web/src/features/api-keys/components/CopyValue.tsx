import { IonButton, IonIcon } from '@ionic/react';
import { copyOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast.ts';
import { copyText } from '../../../lib/clipboard.ts';

/** A value to copy exactly (a key id, a secret): shown in full, in a monospaced box, with its copy button. */
export function CopyValue({
  label,
  value,
  copyLabel,
  secret = false,
  testId,
}: {
  label: string;
  value: string;
  copyLabel: string;
  /** The secret: drawn in the warning colour. */
  secret?: boolean;
  testId: string;
}) {
  const { t } = useTranslation('apiKeys');
  const toast = useToast();
  const copy = async () => {
    if (await copyText(value)) toast.success(t('secret.copied'));
    else toast.error(t('secret.copyRefused'));
  };
  return (
    <div className={`apikeys-copy${secret ? ' apikeys-copy--secret' : ''}`}>
      <span className="apikeys-copy__label">{label}</span>
      <div className="apikeys-copy__box">
        <code data-testid={testId}>{value}</code>
        <IonButton
          fill="outline"
          size="small"
          onClick={() => void copy()}
          data-testid={`${testId}-copy`}
          className="apikeys-copy__button"
        >
          <IonIcon icon={copyOutline} slot="start" aria-hidden="true" />
          {copyLabel}
        </IonButton>
      </div>
    </div>
  );
}
