import type { TCountry } from '@fit24/contract';
import {
  IonButton,
  IonButtons,
  IonContent,
  IonHeader,
  IonIcon,
  IonItem,
  IonLabel,
  IonList,
  IonModal,
  IonNote,
  IonSearchbar,
  IonSpinner,
  IonTitle,
  IonToolbar,
} from '@ionic/react';
import { chevronDownOutline } from 'ionicons/icons';
import { useMemo, useState } from 'react';
import { filterCountries, useCountries } from '../../lib/countries.ts';
import './forms.css';
import { useTranslation } from 'react-i18next';

export interface CountryPickerProps {
  label?: string;
  /** ISO 3166 alpha-2 code, '' for none. */
  value: string;
  onChange: (country: TCountry) => void;
  error?: string;
  /** Shows each country's dial code (for a mobile number). */
  showDialCode?: boolean;
  testId: string;
}

/** The country list (GET /api/country/list) with flags, searchable in a modal. */
export function CountryPicker({
  label: givenLabel,
  value,
  onChange,
  error,
  showDialCode = false,
  testId,
}: CountryPickerProps) {
  const { t } = useTranslation();
  const label = givenLabel ?? t('country.label');
  const countries = useCountries();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const list = countries.data?.countries ?? [];
  const selected = list.find((c) => c.code === value);
  const shown = useMemo(() => filterCountries(list, search), [list, search]);

  return (
    <div className={`fit24-picker${error ? ' fit24-picker--invalid' : ''}`}>
      <fieldset className="fit24-picker__box">
        <legend className="fit24-picker__label">{label}</legend>
        <button
          type="button"
          className="fit24-picker__button"
          data-testid={testId}
          aria-haspopup="dialog"
          aria-invalid={error ? 'true' : undefined}
          onClick={() => setOpen(true)}
        >
          {selected ? (
            <span className="fit24-picker__value">
              <span className="fit24-flag" aria-hidden="true">
                {selected.flag}
              </span>
              <span>{selected.name}</span>
              {showDialCode && <span className="fit24-muted">{selected.dial_code}</span>}
            </span>
          ) : (
            <span className="fit24-picker__placeholder">{t('country.select')}</span>
          )}
          <IonIcon icon={chevronDownOutline} aria-hidden="true" />
        </button>
      </fieldset>
      {error && <span className="fit24-picker__error">{error}</span>}
      <IonModal isOpen={open} onDidDismiss={() => setOpen(false)} data-testid={`${testId}-modal`}>
        <IonHeader>
          <IonToolbar>
            <IonTitle>{label}</IonTitle>
            <IonButtons slot="end">
              <IonButton onClick={() => setOpen(false)}>{t('actions.close')}</IonButton>
            </IonButtons>
          </IonToolbar>
          <IonToolbar>
            <IonSearchbar
              value={search}
              debounce={0}
              placeholder={t('country.search')}
              data-testid={`${testId}-search`}
              onIonInput={(event) => setSearch(String(event.detail.value ?? ''))}
            />
          </IonToolbar>
        </IonHeader>
        <IonContent>
          {countries.isPending && (
            <div className="fit24-center">
              <IonSpinner name="crescent" color="primary" />
            </div>
          )}
          {countries.isError && <p className="ion-padding fit24-muted">{countries.error.message}</p>}
          {countries.isSuccess && shown.length === 0 && (
            <p className="ion-padding fit24-muted">{t('country.none', { search })}</p>
          )}
          <IonList lines="full">
            {shown.map((country) => (
              <IonItem
                key={country.code}
                button
                detail={false}
                data-testid={`${testId}-option-${country.code}`}
                className={country.code === value ? 'fit24-picker__option--selected' : undefined}
                onClick={() => {
                  onChange(country);
                  setOpen(false);
                  setSearch('');
                }}
              >
                <span slot="start" className="fit24-flag" aria-hidden="true">
                  {country.flag}
                </span>
                <IonLabel>{country.name}</IonLabel>
                {showDialCode && <IonNote slot="end">{country.dial_code}</IonNote>}
              </IonItem>
            ))}
          </IonList>
        </IonContent>
      </IonModal>
    </div>
  );
}
