import { IonSpinner } from '@ionic/react';
import type { ReactNode } from 'react';

/** The console's buttons: primary (teal), ghost, danger; a spinner and no second press while busy. */
export function Button({
  children,
  onClick,
  variant = 'primary',
  busy = false,
  disabled,
  testId,
  type = 'button',
  small,
}: {
  children: ReactNode;
  onClick?: () => void;
  variant?: 'primary' | 'ghost' | 'danger' | 'success';
  busy?: boolean;
  disabled?: boolean;
  testId?: string;
  type?: 'button' | 'submit';
  small?: boolean;
}) {
  return (
    <button
      type={type}
      className={`adm-btn adm-btn--${variant}${small ? ' adm-btn--small' : ''}`}
      onClick={onClick}
      disabled={busy || disabled}
      aria-busy={busy}
      data-testid={testId}
    >
      {busy && <IonSpinner name="crescent" className="adm-btn__spinner" />}
      {children}
    </button>
  );
}
