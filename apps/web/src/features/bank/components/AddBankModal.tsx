import { type TBank, ZBankBody } from '@fit24/contract';
import { IonButton, IonButtons, IonContent, IonHeader, IonModal, IonTitle, IonToolbar } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { CountryPicker } from '../../../components/ui/CountryPicker.tsx';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { useForm } from '../../../components/ui/use-form.ts';
import { api } from '../../../lib/api.ts';
import { withoutBlanks } from '../../../lib/forms.ts';

export interface AddBankModalProps {
  isOpen: boolean;
  /** The account's country, chosen first. */
  country: string;
  holder: string;
  onClose: () => void;
  onAdded: (bank: TBank) => void;
}

/** A new bank account (bank.create); IFSC is asked for Indian accounts only. */
export function AddBankModal({ isOpen, country, holder, onClose, onAdded }: AddBankModalProps) {
  const { t } = useTranslation('bank');
  const initial = {
    account_holder: holder,
    bank_name: '',
    country_code: country,
    account_number: '',
    swift_code: '',
    ifsc_code: '',
  };
  const form = useForm(initial);
  const { values, errors, set } = form;
  const india = values.country_code === 'IN';

  const submit = () =>
    form.submit({
      schema: ZBankBody,
      body: withoutBlanks({ ...values, ifsc_code: india ? values.ifsc_code : '' }),
      send: (body) => api.call('bank.create', { body }),
      onSuccess: (data) => {
        form.setValues(initial);
        onAdded(data.bank);
      },
    });

  return (
    <IonModal isOpen={isOpen} onDidDismiss={onClose} data-testid="bank-add-modal">
      <IonHeader>
        <IonToolbar>
          <IonTitle>{t('form.title')}</IonTitle>
          <IonButtons slot="end">
            <IonButton onClick={onClose} data-testid="bank-add-cancel">
              {t('form.cancel')}
            </IonButton>
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">
        <form
          ref={form.ref}
          className="fit24-narrow fit24-form"
          onSubmit={(event) => event.preventDefault()}
          noValidate
        >
          <p className="fit24-muted bank__modal-intro">{t('form.intro')}</p>
          <TextField
            label={t('form.holder')}
            autocomplete="name"
            autocapitalize="words"
            value={values.account_holder}
            onChange={(value) => set('account_holder', value)}
            error={errors.account_holder}
            testId="bank-holder"
          />
          <TextField
            label={t('form.bankName')}
            autocapitalize="words"
            value={values.bank_name}
            onChange={(value) => set('bank_name', value)}
            error={errors.bank_name}
            testId="bank-name"
          />
          <CountryPicker
            label={t('form.country')}
            value={values.country_code}
            onChange={(picked) => set('country_code', picked.code)}
            error={errors.country_code}
            testId="bank-country"
          />
          <TextField
            label={t('form.accountNumber')}
            autocapitalize="characters"
            value={values.account_number}
            onChange={(value) => set('account_number', value.toUpperCase())}
            error={errors.account_number}
            placeholder={t('form.accountNumberExample')}
            testId="bank-account-number"
          />
          <TextField
            label={t('form.swift')}
            autocapitalize="characters"
            value={values.swift_code}
            onChange={(value) => set('swift_code', value.toUpperCase())}
            error={errors.swift_code}
            placeholder={t('form.swiftExample')}
            testId="bank-swift"
          />
          {india && (
            <TextField
              label={t('form.ifsc')}
              autocapitalize="characters"
              value={values.ifsc_code}
              onChange={(value) => set('ifsc_code', value.toUpperCase())}
              error={errors.ifsc_code}
              placeholder={t('form.ifscExample')}
              testId="bank-ifsc"
            />
          )}
          <SubmitButton busy={form.busy} onClick={submit} testId="bank-submit" size="large">
            {t('form.submit')}
          </SubmitButton>
        </form>
      </IonContent>
    </IonModal>
  );
}
