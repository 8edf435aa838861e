import { IonButton, IonIcon } from '@ionic/react';
import './funds.css';

export interface FundsAction {
  /** What it is for code: its test id is `<prefix>-<id>`. */
  id: string;
  label: string;
  href: string;
  icon: string;
  disabled?: boolean;
}

/** A row of round action buttons (Deposit, Withdraw, Transfer, Trade); test ids `<prefix>-<id>`. */
export function FundsActions({ actions, testPrefix }: { actions: FundsAction[]; testPrefix: string }) {
  return (
    <div className="funds-actions" style={{ gridTemplateColumns: `repeat(${actions.length}, 1fr)` }}>
      {actions.map((action) => (
        <IonButton
          key={action.id}
          fill="clear"
          routerLink={action.href}
          disabled={action.disabled}
          className="funds-actions__button"
          data-testid={`${testPrefix}-${action.id}`}
        >
          <span className="funds-actions__inner">
            <span className="funds-actions__icon">
              <IonIcon icon={action.icon} aria-hidden="true" />
            </span>
            <span>{action.label}</span>
          </span>
        </IonButton>
      ))}
    </div>
  );
}
