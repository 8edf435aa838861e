import { IonButton, IonSpinner } from '@ionic/react';
import { formatCountdown } from '../../lib/countdown.ts';
import './forms.css';
import { useTranslation } from 'react-i18next';

export interface ResendButtonProps {
  /** Seconds until another code may be asked for; 0 when it may. */
  left: number;
  busy: boolean;
  onClick: () => void;
  testId: string;
  label?: string;
}

/** "Resend code", or the time left before it may be pressed again. */
export function ResendButton({ left, busy, onClick, testId, label: givenLabel }: ResendButtonProps) {
  const { t } = useTranslation();
  const label = givenLabel ?? t('resend.label');
  return (
    <IonButton
      fill="clear"
      size="small"
      disabled={busy || left > 0}
      aria-busy={busy}
      data-testid={testId}
      onClick={onClick}
    >
      {busy && <IonSpinner name="crescent" slot="start" className="fit24-button-spinner" />}
      {left > 0 ? t('resend.wait', { label, time: formatCountdown(left) }) : label}
    </IonButton>
  );
}

/** A code step's "Cancel" link beside its "Resend code" button. */
export function CancelOrResend({
  onCancel,
  cancelTestId,
  ...resend
}: ResendButtonProps & { onCancel: () => void; cancelTestId: string }) {
  const { t } = useTranslation();
  return (
    <div className="fit24-row">
      <button type="button" className="fit24-link" onClick={onCancel} data-testid={cancelTestId}>
        {t('actions.cancel')}
      </button>
      <ResendButton {...resend} />
    </div>
  );
}
