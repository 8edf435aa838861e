import type { ReactNode, Ref } from 'react';
import './money-controls.css';

/**
 * A form opened inside a security card (add, confirm, remove, turn off): sent by its own buttons, never
 * by the browser, and closed by the link under them (`cancel`). `formRef` is `useForm`'s `ref`.
 */
export function InsetForm({
  formRef,
  danger = false,
  testId,
  cancel,
  children,
}: {
  formRef: Ref<HTMLFormElement>;
  danger?: boolean;
  testId: string;
  cancel?: { label: string; onClick: () => void; testId?: string };
  children: ReactNode;
}) {
  return (
    <form
      className={`fit24-form controls-inset${danger ? ' controls-inset--danger' : ''}`}
      ref={formRef}
      noValidate
      onSubmit={(event) => event.preventDefault()}
      data-testid={testId}
    >
      {children}
      {cancel && (
        <button
          type="button"
          className="fit24-link controls-cancel"
          onClick={cancel.onClick}
          data-testid={cancel.testId}
        >
          {cancel.label}
        </button>
      )}
    </form>
  );
}
