import { IonInput, IonInputPasswordToggle } from '@ionic/react';
import type { ComponentProps, ReactNode } from 'react';
import './forms.css';

type InputProps = ComponentProps<typeof IonInput>;

export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the input in the error colour; the input is marked invalid. */
  error?: string;
  helper?: string;
  placeholder?: string;
  type?: InputProps['type'];
  inputmode?: InputProps['inputmode'];
  autocomplete?: InputProps['autocomplete'];
  autocapitalize?: string;
  maxlength?: number;
  disabled?: boolean;
  /** Focus the input once it is shown (the one thing a step asks for, such as a code). */
  autofocus?: boolean;
  className?: string;
  /** Pressing Enter in the input (submits the form it belongs to). */
  onEnter?: () => void;
  testId: string;
  /** Put at the input's end (a button, a toggle). */
  end?: ReactNode;
  start?: ReactNode;
}

/** A labelled input with its helper or error text under it. */
export function TextField({
  label,
  value,
  onChange,
  error,
  helper,
  placeholder,
  type = 'text',
  inputmode,
  autocomplete,
  autocapitalize = 'off',
  maxlength,
  disabled,
  autofocus,
  className,
  onEnter,
  testId,
  end,
  start,
}: TextFieldProps) {
  const classes = ['fit24-field', className, error ? 'ion-invalid ion-touched' : undefined]
    .filter(Boolean)
    .join(' ');
  return (
    <IonInput
      className={classes}
      label={label}
      labelPlacement="stacked"
      fill="outline"
      mode="md"
      value={value}
      type={type}
      inputmode={inputmode}
      autocomplete={autocomplete}
      autocapitalize={autocapitalize}
      maxlength={maxlength}
      placeholder={placeholder}
      disabled={disabled}
      autofocus={autofocus}
      errorText={error}
      helperText={error ? undefined : helper}
      aria-invalid={error ? 'true' : undefined}
      data-testid={testId}
      onIonInput={(event) => onChange(String(event.detail.value ?? ''))}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && onEnter) {
          event.preventDefault();
          onEnter();
        }
      }}
    >
      {start && <div slot="start">{start}</div>}
      {end && <div slot="end">{end}</div>}
    </IonInput>
  );
}

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'end' | 'inputmode'> & {
  /** `new-password` for a password being chosen, `current-password` for signing in. */
  autocomplete: 'new-password' | 'current-password';
};

/** A password input with a show/hide toggle. */
export function PasswordField(props: PasswordFieldProps) {
  return (
    <TextField
      {...props}
      type="password"
      end={<IonInputPasswordToggle color="medium" data-testid={`${props.testId}-toggle`} />}
    />
  );
}

/** The 6-digit one-time code: digits only, and the phone may fill it from the message. */
export function OtpField(props: Omit<TextFieldProps, 'type' | 'inputmode' | 'maxlength' | 'autocomplete'>) {
  return (
    <TextField
      {...props}
      className="fit24-otp"
      inputmode="numeric"
      autocomplete="one-time-code"
      maxlength={6}
      onChange={(value) => props.onChange(value.replace(/\D/g, '').slice(0, 6))}
    />
  );
}

/** An email address: the email keyboard, and the browser may fill it in. */
export function EmailField(props: Omit<TextFieldProps, 'type' | 'inputmode' | 'autocomplete'>) {
  return <TextField {...props} type="email" inputmode="email" autocomplete="email" />;
}
