import { ZMobileUpdateBody } from '@fit24/contract';
import { IonButton, IonButtons, IonContent, IonHeader, IonModal, IonTitle, IonToolbar } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { CountryPicker } from '../../../components/ui/CountryPicker.tsx';
import { MobileField } from '../../../components/ui/MobileField.tsx';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { useForm } from '../../../components/ui/use-form.ts';
import { api } from '../../../lib/api.ts';
import { useCountries } from '../../../lib/countries.ts';
import { toE164 } from '../../../lib/phone.ts';

export interface ChangeMobileModalProps {
  isOpen: boolean;
  initialCountry: string;
  onClose: () => void;
  /** The new number (E.164): a code was sent to it. */
  onChanged: (mobile: string) => void;
}

/** A new mobile number (user.mobileUpdate); the code sent to it is entered on the verify screen. */
export function ChangeMobileModal({ isOpen, initialCountry, onClose, onChanged }: ChangeMobileModalProps) {
  const { t } = useTranslation('auth');
  const form = useForm({ country_code: initialCountry, mobile: '' });
  const countries = useCountries().data?.countries;
  const country = countries?.find((c) => c.code === form.values.country_code);

  const submit = () =>
    form.submit({
      schema: ZMobileUpdateBody,
      body: {
        mobile: country && form.values.mobile.trim() ? toE164(country.dial_code, form.values.mobile) : '',
      },
      send: (body) => api.call('user.mobileUpdate', { body }),
      onSuccess: () => {
        onChanged(country ? toE164(country.dial_code, form.values.mobile) : form.values.mobile);
        form.set('mobile', '');
      },
    });

  return (
    <IonModal isOpen={isOpen} onDidDismiss={onClose} data-testid="verify-mobile-change-modal">
      <IonHeader>
        <IonToolbar>
          <IonTitle>{t('changeMobile.title')}</IonTitle>
          <IonButtons slot="end">
            <IonButton onClick={onClose}>{t('changeMobile.cancel')}</IonButton>
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">
        <div className="fit24-narrow fit24-form">
          <p className="fit24-muted">{t('changeMobile.lead')}</p>
          <CountryPicker
            value={form.values.country_code}
            onChange={(picked) => form.set('country_code', picked.code)}
            showDialCode
            testId="verify-mobile-change-country"
          />
          <MobileField
            dialCode={country?.dial_code}
            value={form.values.mobile}
            onChange={(value) => form.set('mobile', value)}
            error={form.errors.mobile}
            onEnter={submit}
            testId="verify-mobile-change-number"
          />
          <SubmitButton busy={form.busy} onClick={submit} testId="verify-mobile-change-submit">
            {t('changeMobile.submit')}
          </SubmitButton>
        </div>
      </IonContent>
    </IonModal>
  );
}
