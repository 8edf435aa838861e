import { KYC_MIN_AGE_YEARS, type TKyc, type ZIdType, ZKycBody } from '@fit24/contract';
import { IonLabel, IonSegment, IonSegmentButton } from '@ionic/react';
import { CountryPicker } from '../../../components/ui/CountryPicker.tsx';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { useForm } from '../../../components/ui/use-form.ts';
import { api } from '../../../lib/api.ts';
import { ageInYears } from '../../../lib/dates.ts';
import { withoutBlanks } from '../../../lib/forms.ts';
import { DocumentSlot } from './DocumentSlot.tsx';

type IdType = (typeof ZIdType.options)[number];

const idTypes: { value: IdType; label: string }[] = [
  { value: 'PASSPORT', label: 'Passport' },
  { value: 'NATIONAL_ID', label: 'National ID' },
  { value: 'DRIVING_LICENCE', label: 'Driving licence' },
];

const textFields = [
  ['first_name', 'First name', 'given-name'],
  ['last_name', 'Last name', 'family-name'],
] as const;

/** The KYC submission (account.create): personal details, address, the identity document and a selfie. */
export function KycForm({ country, onSubmitted }: { country: string; onSubmitted: (kyc: TKyc) => void }) {
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
  const missing = (key: string, what: string) =>
    errors[key]
      ? values[key as keyof typeof values] === undefined
        ? `Upload ${what}`
        : errors[key]
      : undefined;

  const submit = () =>
    form.submit({
      schema: ZKycBody,
      body: withoutBlanks(values),
      check: (body) => {
        const age = ageInYears(body.date_of_birth, new Date());
        return age !== null && age < KYC_MIN_AGE_YEARS
          ? { date_of_birth: `You must be at least ${KYC_MIN_AGE_YEARS} years old` }
          : null;
      },
      send: (body) => api.call('account.create', { body }),
      onSuccess: (data) => onSubmitted(data.kyc),
    });

  const field = (key: 'address' | 'city' | 'postal_code' | 'id_number', label: string, testId: string) => (
    <TextField
      label={label}
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
      <h2 className="kyc-form__title">Personal details</h2>
      <p className="kyc-form__hint">As they appear on your identity document.</p>
      {textFields.map(([key, label, autocomplete]) => (
        <TextField
          key={key}
          label={label}
          autocomplete={autocomplete}
          autocapitalize="words"
          value={values[key]}
          onChange={(value) => set(key, value)}
          error={errors[key]}
          testId={`kyc-${key.replace('_', '-')}`}
        />
      ))}
      <TextField
        label="Date of birth"
        type="date"
        autocomplete="bday"
        value={values.date_of_birth}
        onChange={(value) => set('date_of_birth', value)}
        error={errors.date_of_birth}
        testId="kyc-dob"
      />
      <h2 className="kyc-form__title">Address</h2>
      {field('address', 'Street address', 'kyc-address')}
      <div className="kyc-form__pair">
        {field('city', 'City', 'kyc-city')}
        {field('postal_code', 'Postal code', 'kyc-postal-code')}
      </div>
      <CountryPicker
        value={values.country_code}
        onChange={(picked) => set('country_code', picked.code)}
        error={errors.country_code}
        testId="kyc-country"
      />
      <h2 className="kyc-form__title">Identity document</h2>
      <IonSegment
        value={values.id_type}
        onIonChange={(event) => set('id_type', String(event.detail.value) as IdType)}
        className="kyc-form__types"
        data-testid="kyc-id-type"
      >
        {idTypes.map((type) => (
          <IonSegmentButton key={type.value} value={type.value} data-testid={`kyc-id-type-${type.value}`}>
            <IonLabel>{type.label}</IonLabel>
          </IonSegmentButton>
        ))}
      </IonSegment>
      {field('id_number', 'Document number', 'kyc-id-number')}
      <DocumentSlot
        label="Front of the document"
        hint="JPEG, PNG or PDF, up to 5 MB; all four corners visible"
        camera="environment"
        onUploaded={(file) => set('id_front_file_id', file.file_id)}
        onCleared={() => set('id_front_file_id', undefined)}
        error={missing('id_front_file_id', 'the front of your document')}
        testId="kyc-id-front"
      />
      <DocumentSlot
        label="Back of the document"
        hint="For ID cards and driving licences"
        optional
        camera="environment"
        onUploaded={(file) => set('id_back_file_id', file.file_id)}
        onCleared={() => set('id_back_file_id', undefined)}
        error={missing('id_back_file_id', 'the back of your document')}
        testId="kyc-id-back"
      />
      <DocumentSlot
        label="Selfie"
        hint="Your face, clearly lit, holding the document"
        camera="user"
        onUploaded={(file) => set('selfie_file_id', file.file_id)}
        onCleared={() => set('selfie_file_id', undefined)}
        error={missing('selfie_file_id', 'a selfie')}
        testId="kyc-selfie"
      />
      <SubmitButton busy={form.busy} onClick={submit} testId="kyc-submit" size="large">
        Submit for review
      </SubmitButton>
    </form>
  );
}
