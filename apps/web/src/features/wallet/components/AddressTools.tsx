import { IonButton, IonIcon } from '@ionic/react';
import { clipboardOutline, qrCodeOutline } from 'ionicons/icons';
import { type ChangeEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast.ts';
import { type PaymentRequest, parsePaymentRequest } from '../utils/payment-uri.ts';
import { readQrFromImage } from '../utils/qr-image.ts';
import './funds-forms.css';

/** What the clipboard holds, or null when the page may not read it (no API, permission refused). */
async function readClipboard(): Promise<string | null> {
  try {
    return navigator.clipboard?.readText ? await navigator.clipboard.readText() : null;
  } catch {
    return null;
  }
}

/**
 * "Paste" and "Scan QR" under a withdrawal address: the clipboard's text, or the QR code in a photo (the
 * camera on a phone, a file on a desktop), each read as a plain address or a payment URI.
 * `tokenDecimals` reads an EIP-681 token amount.
 */
export function AddressTools({
  tokenDecimals,
  onRequest,
  disabled,
}: {
  tokenDecimals: number;
  onRequest: (request: PaymentRequest) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('wallet');
  const toast = useToast();
  const picker = useRef<HTMLInputElement>(null);

  const paste = async () => {
    const text = await readClipboard();
    const request = text === null ? null : parsePaymentRequest(text, tokenDecimals);
    if (text === null) toast.error(t('destination.pasteRefused'));
    else if (!request) toast.error(t('destination.pasteEmpty'));
    else onRequest(request);
  };

  const scan = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same photo picked again must fire a change too.
    event.target.value = '';
    if (!file) return;
    const text = await readQrFromImage(file).catch(() => undefined);
    const request = text ? parsePaymentRequest(text, tokenDecimals) : null;
    if (text === undefined) toast.error(t('destination.scanFailed'));
    else if (!request) toast.error(t('destination.scanNothing'));
    else onRequest(request);
  };

  return (
    <div className="funds-address-tools">
      <IonButton
        fill="outline"
        size="small"
        disabled={disabled}
        onClick={() => void paste()}
        data-testid="withdraw-paste"
      >
        <IonIcon icon={clipboardOutline} slot="start" aria-hidden="true" />
        {t('destination.paste')}
      </IonButton>
      <IonButton
        fill="outline"
        size="small"
        disabled={disabled}
        onClick={() => picker.current?.click()}
        data-testid="withdraw-scan"
      >
        <IonIcon icon={qrCodeOutline} slot="start" aria-hidden="true" />
        {t('destination.scan')}
      </IonButton>
      <input
        ref={picker}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        onChange={(event) => void scan(event)}
        data-testid="withdraw-scan-input"
      />
    </div>
  );
}
