import { TextField } from './TextField.tsx';
import './forms.css';

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
  if (!open) {
    return (
      <button
        type="button"
        className="fit24-link fit24-memo-link"
        onClick={onOpen}
        data-testid={`${testId}-toggle`}
      >
        + This address needs a memo or tag
      </button>
    );
  }
  return (
    <TextField
      label="Memo or tag"
      value={value}
      onChange={onChange}
      error={error}
      maxlength={100}
      helper="Only when the receiving platform gives you one with the address."
      autocomplete="off"
      testId={testId}
    />
  );
}
