import { ZRegisterBody } from '@fit24/contract';
import { IonButton, IonCheckbox, IonRouterLink } from '@ionic/react';
import { useEffect } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { CountryPicker } from '../../../components/ui/CountryPicker.tsx';
import { MobileField } from '../../../components/ui/MobileField.tsx';
import { PageShell } from '../../../components/ui/PageShell.tsx';
import { PasswordStrengthMeter } from '../../../components/ui/PasswordStrengthMeter.tsx';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { EmailField, PasswordField, TextField } from '../../../components/ui/TextField.tsx';
import { useForm } from '../../../components/ui/use-form.ts';
import { api } from '../../../lib/api.ts';
import { useCountries } from '../../../lib/countries.ts';
import { getDeviceUuid } from '../../../lib/device.ts';
import { withoutBlanks } from '../../../lib/forms.ts';
import { VERIFY_PATH } from '../../../lib/paths.ts';
import { regionOfLocale, toE164 } from '../../../lib/phone.ts';
import { forgetReferralCode, normalizeReferralCode, readReferralCode } from '../../../lib/referral.ts';
import { useEnterApp } from '../api/session.ts';
import './auth.css';

/** Create an account; the session starts at once and the user goes on to verify email and mobile. */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const form = useForm({
    name: '',
    email_id: '',
    password: '',
    country_code: '',
    mobile: '',
    referral_code: '',
    accept_terms: false,
  });
  const { set } = form;
  const enterApp = useEnterApp();
  const { search } = useLocation();
  const countries = useCountries().data?.countries;
  const country = countries?.find((c) => c.code === form.values.country_code);

  // A referral code from ?ref= on this page, else the one an opened share link left on the device.
  useEffect(() => {
    const fromLink = normalizeReferralCode(new URLSearchParams(search).get('ref'));
    if (fromLink) set('referral_code', fromLink);
    else void readReferralCode().then((stored) => stored && set('referral_code', stored));
  }, [search, set]);

  // A first guess of the country from the device's language, until the user picks one.
  const guessed = regionOfLocale(typeof navigator === 'undefined' ? undefined : navigator.language);
  const noCountryYet = form.values.country_code === '';
  useEffect(() => {
    if (noCountryYet && guessed && countries?.some((c) => c.code === guessed)) set('country_code', guessed);
  }, [countries, guessed, noCountryYet, set]);

  const submit = () => {
    const { mobile, ...rest } = form.values;
    const body = withoutBlanks({
      ...rest,
      mobile: country && mobile.trim() ? toE164(country.dial_code, mobile) : '',
    });
    return form.submit({
      schema: ZRegisterBody,
      body,
      send: async (valid) =>
        api.call('auth.register', { body: { ...valid, device_uuid: await getDeviceUuid() } }),
      onSuccess: async (data) => {
        await forgetReferralCode();
        await enterApp(data, `${VERIFY_PATH}?sent=1`);
      },
    });
  };

  return (
    <PageShell page="register" title={t('register.title')} backHref="/">
      <header className="fit24-intro">
        <h1>{t('register.heading')}</h1>
        <p>{t('register.lead')}</p>
      </header>
      <form ref={form.ref} className="fit24-form" onSubmit={(event) => event.preventDefault()} noValidate>
        <TextField
          label={t('register.name')}
          autocomplete="name"
          autocapitalize="words"
          value={form.values.name}
          onChange={(value) => set('name', value)}
          error={form.errors.name}
          testId="register-name"
        />
        <EmailField
          label={t('fields.email')}
          placeholder={t('fields.emailPlaceholder')}
          value={form.values.email_id}
          onChange={(value) => set('email_id', value)}
          error={form.errors.email_id}
          testId="register-email"
        />
        <PasswordField
          label={t('fields.password')}
          autocomplete="new-password"
          value={form.values.password}
          onChange={(value) => set('password', value)}
          error={form.errors.password}
          testId="register-password"
        />
        <PasswordStrengthMeter password={form.values.password} testId="register-password-strength" />
        <CountryPicker
          value={form.values.country_code}
          onChange={(picked) => set('country_code', picked.code)}
          error={form.errors.country_code}
          showDialCode
          testId="register-country"
        />
        <MobileField
          dialCode={country?.dial_code}
          value={form.values.mobile}
          onChange={(value) => set('mobile', value)}
          error={form.errors.mobile}
          testId="register-mobile"
        />
        <TextField
          label={t('register.referral')}
          autocapitalize="characters"
          value={form.values.referral_code}
          onChange={(value) => set('referral_code', value.toUpperCase())}
          error={form.errors.referral_code}
          helper={t('register.referralHelper')}
          testId="register-referral"
        />
        <div className="auth__terms">
          <IonCheckbox
            checked={form.values.accept_terms}
            onIonChange={(event) => set('accept_terms', event.detail.checked)}
            aria-label={t('register.acceptLabel')}
            data-testid="register-terms"
          />
          <span>
            <Trans
              t={t}
              i18nKey="register.accept"
              components={{ terms: <IonRouterLink routerLink="/terms" data-testid="register-terms-link" /> }}
            />
          </span>
        </div>
        {form.errors.accept_terms && (
          <p className="auth__terms-error" data-testid="register-terms-error" data-invalid="true">
            {t('register.acceptError')}
          </p>
        )}
        <SubmitButton busy={form.busy} onClick={submit} testId="register-submit" size="large">
          {t('register.submit')}
        </SubmitButton>
      </form>
      <div className="auth__switch">
        <span className="fit24-muted">{t('register.haveAccount')}</span>
        <IonButton fill="outline" expand="block" routerLink="/login" data-testid="register-login">
          {t('register.signIn')}
        </IonButton>
      </div>
    </PageShell>
  );
}
