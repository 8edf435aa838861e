import { useTranslation } from 'react-i18next';
import { TextField } from './TextField.tsx';

export interface MobileFieldProps {
  /** The chosen country's dial code ("+44"), shown before the number. */
  dialCode: string | undefined;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  onEnter?: () => void;
  testId: string;
}

/** The national part of a mobile number, after the country's dial code (lib/phone assembles E.164). */
export function MobileField({ dialCode, value, onChange, error, onEnter, testId }: MobileFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('mobile.label')}
      value={value}
      onChange={(next) => onChange(next.replace(/[^0-9 ()+-]/g, ''))}
      error={error}
      helper={dialCode ? t('mobile.helper') : t('mobile.chooseCountry')}
      type="tel"
      inputmode="tel"
      autocomplete="tel-national"
      onEnter={onEnter}
      testId={testId}
      start={
        <span className="fit24-dial" data-testid={`${testId}-dial`}>
          {dialCode ?? '+'}
        </span>
      }
    />
  );
}
