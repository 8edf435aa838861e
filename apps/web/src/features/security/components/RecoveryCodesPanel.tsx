import { IonButton, IonCheckbox, IonIcon } from '@ionic/react';
import { copyOutline, downloadOutline, warningOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useToast } from '../../../components/ui/toast.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { formatDateTime } from '../../../lib/date-time.ts';

export const RECOVERY_CODES_FILE = 'fit24-recovery-codes.txt';

/** The text of the downloaded file: who they are for, when they were made, and the codes. */
export function recoveryCodesText(codes: string[], email: string | undefined, nowSeconds: number): string {
  return [
    'FIT24 Exchange: two-factor recovery codes',
    ...(email ? [`Account: ${email}`] : []),
    `Created: ${formatDateTime(nowSeconds)}`,
    '',
    'Each code signs you in once if you cannot use your authenticator app.',
    'Keep them somewhere safe and private, such as a password manager.',
    '',
    ...codes.map((code, index) => `${String(index + 1).padStart(2, ' ')}. ${code}`),
    '',
  ].join('\n');
}

function download(text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = RECOVERY_CODES_FILE;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
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
  const toast = useToast();
  const [saved, setSaved] = useState(false);
  const [now] = useState(() => Math.floor(Date.now() / 1000));
  const text = recoveryCodesText(codes, email, now);

  const copy = async () => {
    if (await copyText(text)) toast.success('Recovery codes copied');
    else toast.error('Copying was refused by the browser. Download the codes instead.');
  };

  return (
    <div className="tfa-codes" data-testid="security-2fa-codes">
      <div className="fit24-notice fit24-notice--warning">
        <IonIcon icon={warningOutline} color="warning" aria-hidden="true" />
        <span>
          Save these recovery codes now: they are shown only once. Each one replaces a code from your app a
          single time if you lose your phone.
        </span>
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
          Copy
        </IonButton>
        <IonButton fill="outline" onClick={() => download(text)} data-testid="security-2fa-codes-download">
          <IonIcon icon={downloadOutline} slot="start" aria-hidden="true" />
          Download .txt
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
        I have saved my recovery codes somewhere safe
      </IonCheckbox>
      <IonButton expand="block" disabled={!saved} onClick={onDone} data-testid="security-2fa-codes-done">
        Done
      </IonButton>
    </div>
  );
}
