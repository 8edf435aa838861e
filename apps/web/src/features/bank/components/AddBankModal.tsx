import { type TBank, ZBankBody } from '@fit24/contract';
import { IonButton, IonButtons, IonContent, IonHeader, IonModal, IonTitle, IonToolbar } from '@ionic/react';
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
          <IonTitle>Add bank account</IonTitle>
          <IonButtons slot="end">
            <IonButton onClick={onClose} data-testid="bank-add-cancel">
              Cancel
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
          <p className="fit24-muted bank__modal-intro">
            The account must be in your own name. Withdrawals to accounts of other people are refused.
          </p>
          <TextField
            label="Account holder"
            autocomplete="name"
            autocapitalize="words"
            value={values.account_holder}
            onChange={(value) => set('account_holder', value)}
            error={errors.account_holder}
            testId="bank-holder"
          />
          <TextField
            label="Bank name"
            autocapitalize="words"
            value={values.bank_name}
            onChange={(value) => set('bank_name', value)}
            error={errors.bank_name}
            testId="bank-name"
          />
          <CountryPicker
            label="Bank country"
            value={values.country_code}
            onChange={(picked) => set('country_code', picked.code)}
            error={errors.country_code}
            testId="bank-country"
          />
          <TextField
            label="Account number or IBAN"
            autocapitalize="characters"
            value={values.account_number}
            onChange={(value) => set('account_number', value.toUpperCase())}
            error={errors.account_number}
            placeholder="GB29 NWBK 6016 1331 9268 19"
            testId="bank-account-number"
          />
          <TextField
            label="SWIFT / BIC (optional)"
            autocapitalize="characters"
            value={values.swift_code}
            onChange={(value) => set('swift_code', value.toUpperCase())}
            error={errors.swift_code}
            placeholder="NWBKGB2L"
            testId="bank-swift"
          />
          {india && (
            <TextField
              label="IFSC (optional)"
              autocapitalize="characters"
              value={values.ifsc_code}
              onChange={(value) => set('ifsc_code', value.toUpperCase())}
              error={errors.ifsc_code}
              placeholder="HDFC0001234"
              testId="bank-ifsc"
            />
          )}
          <SubmitButton busy={form.busy} onClick={submit} testId="bank-submit" size="large">
            Add bank account
          </SubmitButton>
        </form>
      </IonContent>
    </IonModal>
  );
}
