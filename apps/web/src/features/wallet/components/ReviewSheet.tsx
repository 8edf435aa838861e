import { IonContent, IonIcon, IonModal } from '@ionic/react';
import { shieldCheckmarkOutline } from 'ionicons/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SheetHeader } from '../../../components/ui/SheetHeader.tsx';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { PasswordField } from '../../../components/ui/TextField.tsx';
import { type SummaryRow, SummaryRows } from './SummaryRows.tsx';
import './funds-forms.css';

export interface ReviewSheetProps {
  isOpen: boolean;
  onDismiss: () => void;
  title: string;
  rows: SummaryRow[];
  /** A warning above the password (irreversible sends). */
  warning?: ReactNode;
  password: string;
  onPasswordChange: (value: string) => void;
  passwordError?: string;
  /** The second factor's field while two-factor authentication is on (`useSecondFactor().field`). */
  secondFactor?: ReactNode;
  busy: boolean;
  onConfirm: () => void;
  confirmLabel: string;
  /** Prefix of the test ids: `<prefix>-txn-password`, `<prefix>-confirm`. */
  testPrefix: string;
}

/**
 * The last look before money moves: what is sent where, and the transaction password (and the second
 * factor, when on) that allow it.
 */
export function ReviewSheet(props: ReviewSheetProps) {
  const { t } = useTranslation('wallet');
  const { isOpen, onDismiss, title, rows, warning, busy, testPrefix } = props;
  return (
    <IonModal
      isOpen={isOpen}
      onDidDismiss={onDismiss}
      canDismiss={!busy}
      className="funds-review-modal"
      data-testid={`${testPrefix}-review-sheet`}
    >
      <SheetHeader title={title} onClose={onDismiss} closeDisabled={busy} />
      <IonContent className="ion-padding">
        <SummaryRows rows={rows} testId={`${testPrefix}-review-summary`} />
        {warning && <div className="fit24-notice fit24-notice--warning funds-review__warning">{warning}</div>}
        <form
          className="fit24-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            props.onConfirm();
          }}
        >
          <PasswordField
            label={t('review.password')}
            value={props.password}
            onChange={props.onPasswordChange}
            error={props.passwordError}
            autocomplete="current-password"
            onEnter={props.onConfirm}
            testId={`${testPrefix}-txn-password`}
          />
          {props.secondFactor}
          <SubmitButton busy={busy} onClick={props.onConfirm} testId={`${testPrefix}-confirm`}>
            {!busy && <IonIcon icon={shieldCheckmarkOutline} slot="start" aria-hidden="true" />}
            {props.confirmLabel}
          </SubmitButton>
        </form>
      </IonContent>
    </IonModal>
  );
}
