import { type RouteData, ZTotpEnableBody } from '@fit24/contract';
import { IonButton, IonIcon } from '@ionic/react';
import { copyOutline } from 'ionicons/icons';
import { QRCodeSVG } from 'qrcode.react';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { OtpField } from '../../../components/ui/TextField.tsx';
import { useToast } from '../../../components/ui/toast.ts';
import { useForm } from '../../../components/ui/use-form.ts';
import { api } from '../../../lib/api.ts';
import { copyText } from '../../../lib/clipboard.ts';

/** The new authenticator key, as `security.totpSetup` answers it. */
export type TotpSecret = RouteData<'security.totpSetup'>;

/** "JBSWY3DPEHPK3PXP" → "JBSW Y3DP EHPK 3PXP": easier to type into an app by hand. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Enrolling an authenticator app: scan the QR code (or type the key), then confirm with the first code;
 * the server answers the ten recovery codes.
 */
export function TotpSetup({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TotpSecret;
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const toast = useToast();
  const form = useForm({ code: '' });

  const copySecret = async () => {
    if (await copyText(setup.secret)) toast.success('Key copied');
    else toast.error('Copying was refused by the browser. Select the key and copy it by hand.');
  };

  const submit = () =>
    form.submit({
      schema: ZTotpEnableBody,
      body: form.values,
      send: (body) => api.call('security.totpEnable', { body }),
      onSuccess: (data) => onEnabled(data.recovery_codes),
      onError: (refusal) => {
        form.set('code', '');
        if (!refusal.fields?.two_factor_code) return false;
        form.setErrors({ code: refusal.message });
        return true;
      },
    });

  return (
    <div className="tfa-setup" data-testid="security-2fa-setup">
      <section className="tfa-step">
        <h3>
          <span className="tfa-step__number">1</span>Scan this QR code
        </h3>
        <p>Use Google Authenticator, Microsoft Authenticator, 1Password or any authenticator app.</p>
        <div className="tfa-qr" data-testid="security-2fa-qr">
          <QRCodeSVG
            value={setup.otpauth_uri}
            size={176}
            marginSize={2}
            bgColor="#ffffff"
            fgColor="#0a1628"
            title="QR code to add FIT24 Exchange to your authenticator app"
          />
        </div>
        <p>Can’t scan it? Enter this key in the app instead:</p>
        <div className="tfa-secret">
          <code data-testid="security-2fa-secret">{groupSecret(setup.secret)}</code>
          <IonButton
            fill="clear"
            size="small"
            onClick={() => void copySecret()}
            aria-label="Copy the key"
            data-testid="security-2fa-secret-copy"
          >
            <IonIcon icon={copyOutline} slot="icon-only" aria-hidden="true" />
          </IonButton>
        </div>
      </section>
      <form
        className="fit24-form tfa-step"
        onSubmit={(event) => event.preventDefault()}
        noValidate
        ref={form.ref}
      >
        <h3>
          <span className="tfa-step__number">2</span>Enter the code the app shows
        </h3>
        <OtpField
          label="6-digit code"
          value={form.values.code}
          onChange={(value) => form.set('code', value)}
          error={form.errors.code}
          onEnter={submit}
          testId="security-2fa-enable-code"
        />
        <div className="tfa-actions">
          <button
            type="button"
            className="fit24-link"
            onClick={onCancel}
            data-testid="security-2fa-setup-cancel"
          >
            Cancel
          </button>
          <SubmitButton busy={form.busy} onClick={submit} testId="security-2fa-enable">
            Turn on
          </SubmitButton>
        </div>
      </form>
    </div>
  );
}
