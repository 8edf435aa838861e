import { TextField } from './TextField.tsx';
import './forms.css';
import { useTranslation } from 'react-i18next';

/**
 * The memo or tag some receiving platforms give with an address: a link that opens the field, or the
 * field once `open`. `testId` names the field; the link is `<testId>-toggle`.
 */
export function MemoField({
  open,
  onOpen,
  value,
  onChange,
  error,
  testId,
}: {
  open: boolean;
  onOpen: () => void;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  testId: string;
}) {
  const { t } = useTranslation();
  if (!open) {
    return (
      <button
        type="button"
        className="fit24-link fit24-memo-link"
        onClick={onOpen}
        data-testid={`${testId}-toggle`}
      >
        {t('memo.open')}
      </button>
    );
  }
  return (
    <TextField
      label={t('memo.label')}
      value={value}
      onChange={onChange}
      error={error}
      maxlength={100}
      helper={t('memo.helper')}
      autocomplete="off"
      testId={testId}
    />
  );
}
