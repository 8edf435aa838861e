import { IonButton, IonSpinner } from '@ionic/react';
import type { ComponentProps, ReactNode } from 'react';

type ButtonProps = ComponentProps<typeof IonButton>;

export interface SubmitButtonProps {
  busy: boolean;
  onClick: () => void;
  testId: string;
  children: ReactNode;
  disabled?: boolean;
  fill?: ButtonProps['fill'];
  expand?: ButtonProps['expand'];
  size?: ButtonProps['size'];
  color?: ButtonProps['color'];
  className?: string;
}

/** A button that shows a spinner and refuses presses while its call runs. */
export function SubmitButton({
  busy,
  onClick,
  testId,
  children,
  disabled,
  fill = 'solid',
  expand = 'block',
  size,
  color,
  className,
}: SubmitButtonProps) {
  return (
    <IonButton
      expand={expand}
      fill={fill}
      size={size}
      color={color}
      className={className}
      disabled={busy || disabled}
      aria-busy={busy}
      data-testid={testId}
      onClick={onClick}
    >
      {busy && <IonSpinner name="crescent" slot="start" className="fit24-button-spinner" />}
      {children}
    </IonButton>
  );
}
