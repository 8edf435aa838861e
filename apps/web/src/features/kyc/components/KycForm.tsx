import { KYC_MIN_AGE_YEARS, type TKyc, type ZIdType, ZKycBody } from '@fit24/contract';
import { IonLabel, IonSegment, IonSegmentButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { CountryPicker } from '../../../components/ui/CountryPicker.tsx';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { useForm } from '../../../components/ui/use-form.ts';
import { api } from '../../../lib/api.ts';
import { ageInYears } from '../../../lib/dates.ts';
import { withoutBlanks } from '../../../lib/forms.ts';
import { DocumentSlot } from './DocumentSlot.tsx';

type IdType = (typeof ZIdType.options)[number];

/** The documents accepted, in the order shown (their words: kyc:form.idTypes.<type>). */
const idTypes: IdType[] = ['PASSPORT', 'NATIONAL_ID', 'DRIVING_LICENCE'];

const textFields = [
  ['first_name', 'firstName', 'given-name'],
  ['last_name', 'lastName', 'family-name'],
] as const;

/** The KYC submission (account.create): personal details, address, the identity document and a selfie. */
export function KycForm({ country, onSubmitted }: { country: string; onSubmitted: (kyc: TKyc) => void }) {
  const { t } = useTranslation('kyc');
  const form = useForm({
    first_name: '',
    last_name: '',
    date_of_birth: '',
    address: '',
    city: '',
    postal_code: '',
    country_code: country,
    id_type: 'PASSPORT' as IdType,
    id_number: '',
    id_front_file_id: undefined as number | undefined,
    id_back_file_id: undefined as number | undefined,
    selfie_file_id: undefined as number | undefined,
  });
  const { values, errors, set } = form;
  // A missing document reads better as what to do than as "Is required".
  const missing = (
    key: 'id_front_file_id' | 'id_back_file_id' | 'selfie_file_id',
    what: 'front' | 'back' | 'selfie',
  ) => (errors[key] ? (values[key] === undefined ? t(`form.${what}.missing`) : errors[key]) : undefined);

  const submit = async () => {
    const age = ageInYears(values.date_of_birth, new Date());
    const tooYoung =
      age !== null && age < KYC_MIN_AGE_YEARS ? t('form.minAge', { years: KYC_MIN_AGE_YEARS }) : null;
    const sent = await form.submit({
      schema: ZKycBody,
      body: withoutBlanks(values),
      check: () => (tooYoung ? { date_of_birth: tooYoung } : null),
      send: (body) => api.call('account.create', { body }),
      onSuccess: (data) => onSubmitted(data.kyc),
    });
    // The age rule is the screen's own: shown with the schema's errors, not only once they are all fixed.
    if (!sent && tooYoung)
      form.setErrors((current) => ({ ...current, date_of_birth: current.date_of_birth ?? tooYoung }));
  };

  const field = (
    key: 'address' | 'city' | 'postal_code' | 'id_number',
    label: 'street' | 'city' | 'postalCode' | 'idNumber',
    testId: string,
  ) => (
    <TextField
      label={t(`form.${label}`)}
      value={values[key]}
      onChange={(value) => set(key, value)}
      error={errors[key]}
      autocapitalize={key === 'postal_code' || key === 'id_number' ? 'characters' : 'words'}
      testId={testId}
    />
  );

  return (
    <form
      ref={form.ref}
      className="fit24-form kyc-form"
      onSubmit={(event) => event.preventDefault()}
      noValidate
    >
      <h2 className="kyc-form__title">{t('form.personal')}</h2>
      <p className="kyc-form__hint">{t('form.personalHint')}</p>
      {textFields.map(([key, label, autocomplete]) => (
        <TextField
          key={key}
          label={t(`form.${label}`)}
          autocomplete={autocomplete}
          autocapitalize="words"
          value={values[key]}
          onChange={(value) => set(key, value)}
          error={errors[key]}
          testId={`kyc-${key.replace('_', '-')}`}
        />
      ))}
      <TextField
        label={t('form.dateOfBirth')}
        type="date"
        autocomplete="bday"
        value={values.date_of_birth}
        onChange={(value) => set('date_of_birth', value)}
        error={errors.date_of_birth}
        testId="kyc-dob"
      />
      <h2 className="kyc-form__title">{t('form.address')}</h2>
      {field('address', 'street', 'kyc-address')}
      <div className="kyc-form__pair">
        {field('city', 'city', 'kyc-city')}
        {field('postal_code', 'postalCode', 'kyc-postal-code')}
      </div>
      <CountryPicker
        value={values.country_code}
        onChange={(picked) => set('country_code', picked.code)}
        error={errors.country_code}
        testId="kyc-country"
      />
      <h2 className="kyc-form__title">{t('form.document')}</h2>
      <IonSegment
        value={values.id_type}
        onIonChange={(event) => set('id_type', String(event.detail.value) as IdType)}
        className="kyc-form__types"
        data-testid="kyc-id-type"
      >
        {idTypes.map((type) => (
          <IonSegmentButton key={type} value={type} data-testid={`kyc-id-type-${type}`}>
            <IonLabel>{t(`form.idTypes.${type}`)}</IonLabel>
          </IonSegmentButton>
        ))}
      </IonSegment>
      {field('id_number', 'idNumber', 'kyc-id-number')}
      <DocumentSlot
        label={t('form.front.label')}
        hint={t('form.front.hint')}
        camera="environment"
        onUploaded={(file) => set('id_front_file_id', file.file_id)}
        onCleared={() => set('id_front_file_id', undefined)}
        error={missing('id_front_file_id', 'front')}
        testId="kyc-id-front"
      />
      <DocumentSlot
        label={t('form.back.label')}
        hint={t('form.back.hint')}
        optional
        camera="environment"
        onUploaded={(file) => set('id_back_file_id', file.file_id)}
        onCleared={() => set('id_back_file_id', undefined)}
        error={missing('id_back_file_id', 'back')}
        testId="kyc-id-back"
      />
      <DocumentSlot
        label={t('form.selfie.label')}
        hint={t('form.selfie.hint')}
        camera="user"
        onUploaded={(file) => set('selfie_file_id', file.file_id)}
        onCleared={() => set('selfie_file_id', undefined)}
        error={missing('selfie_file_id', 'selfie')}
        testId="kyc-selfie"
      />
      <SubmitButton busy={form.busy} onClick={submit} testId="kyc-submit" size="large">
        {t('form.submit')}
      </SubmitButton>
    </form>
  );
}
