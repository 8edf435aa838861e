import { type RouteData, ZTotpEnableBody } from '@fit24/contract';
import { IonButton, IonIcon } from '@ionic/react';
import { copyOutline } from 'ionicons/icons';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('security');
  const toast = useToast();
  const form = useForm({ code: '' });

  const copySecret = async () => {
    if (await copyText(setup.secret)) toast.success(t('totpSetup.keyCopied'));
    else toast.error(t('totpSetup.copyRefused'));
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
          <span className="tfa-step__number">1</span>
          {t('totpSetup.scanTitle')}
        </h3>
        <p>{t('totpSetup.apps')}</p>
        <div className="tfa-qr" data-testid="security-2fa-qr">
          <QRCodeSVG
            value={setup.otpauth_uri}
            size={176}
            marginSize={2}
            bgColor="#ffffff"
            fgColor="#0a1628"
            title={t('totpSetup.qrTitle')}
          />
        </div>
        <p>{t('totpSetup.cantScan')}</p>
        <div className="tfa-secret">
          <code data-testid="security-2fa-secret">{groupSecret(setup.secret)}</code>
          <IonButton
            fill="clear"
            size="small"
            onClick={() => void copySecret()}
            aria-label={t('totpSetup.copyKey')}
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
          <span className="tfa-step__number">2</span>
          {t('totpSetup.codeTitle')}
        </h3>
        <OtpField
          label={t('totpSetup.codeLabel')}
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
            {t('cancel')}
          </button>
          <SubmitButton busy={form.busy} onClick={submit} testId="security-2fa-enable">
            {t('totpSetup.turnOn')}
          </SubmitButton>
        </div>
      </form>
    </div>
  );
}
