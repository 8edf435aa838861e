import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/TextField.tsx';
import { cleanAmountInput } from '../../../lib/money.ts';
import './funds-forms.css';

/** An amount input for an asset: its decimals enforced while typing, its symbol and a "Max" button. */
export function AmountField({
  value,
  onChange,
  decimals,
  symbol,
  max,
  error,
  helper,
  testId,
  maxTestId,
  onEnter,
}: {
  value: string;
  onChange: (value: string) => void;
  decimals: number;
  symbol: string;
  /** What "Max" fills in; the button is hidden when absent. */
  max: string | undefined;
  error?: string;
  helper?: string;
  testId: string;
  maxTestId: string;
  onEnter?: () => void;
}) {
  const { t } = useTranslation('wallet');
  return (
    <TextField
      label={t('amount.label')}
      value={value}
      onChange={(text) => onChange(cleanAmountInput(text, decimals))}
      inputmode="decimal"
      autocomplete="off"
      placeholder="0.00"
      error={error}
      helper={helper}
      testId={testId}
      onEnter={onEnter}
      className="funds-amount"
      end={
        <span className="funds-amount__end">
          <span className="funds-amount__symbol">{symbol}</span>
          {max !== undefined && (
            <button
              type="button"
              className="funds-amount__max"
              onClick={() => onChange(max)}
              data-testid={maxTestId}
            >
              {t('amount.max')}
            </button>
          )}
        </span>
      }
    />
  );
}
