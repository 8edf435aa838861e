import { IonIcon } from '@ionic/react';
import { searchOutline } from 'ionicons/icons';
import { type ReactNode, useEffect, useId, useState } from 'react';

/**
 * The console's form controls: native inputs, compact and keyboard-first (staff fill many forms), with
 * the label above and the server's or the contract's message under the field.
 */

interface FieldBase {
  label: string;
  testId: string;
  error?: string;
  helper?: ReactNode;
}

export function Field({
  label,
  testId,
  error,
  helper,
  value,
  onChange,
  type = 'text',
  placeholder,
  mono,
  autoComplete = 'off',
  inputMode,
  disabled,
}: FieldBase & {
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password' | 'number' | 'date' | 'url';
  placeholder?: string;
  mono?: boolean;
  autoComplete?: string;
  inputMode?: 'decimal' | 'numeric' | 'email' | 'text' | 'url';
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className={`adm-field${error ? ' adm-field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className={mono ? 'adm-input adm-mono' : 'adm-input'}
        type={type}
        value={value}
        placeholder={placeholder}
        autoComplete={autoComplete}
        inputMode={inputMode}
        disabled={disabled}
        aria-invalid={error ? 'true' : undefined}
        data-testid={testId}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? <span className="adm-field__error">{error}</span> : helper && <span>{helper}</span>}
    </div>
  );
}

export function TextArea({
  label,
  testId,
  error,
  value,
  onChange,
  rows = 3,
}: FieldBase & { value: string; onChange: (value: string) => void; rows?: number }) {
  const id = useId();
  return (
    <div className={`adm-field${error ? ' adm-field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        className="adm-input"
        rows={rows}
        value={value}
        aria-invalid={error ? 'true' : undefined}
        data-testid={testId}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && <span className="adm-field__error">{error}</span>}
    </div>
  );
}

export interface Option {
  value: string;
  label: string;
}

export function SelectField({
  label,
  testId,
  error,
  helper,
  value,
  onChange,
  options,
}: FieldBase & { value: string; onChange: (value: string) => void; options: readonly Option[] }) {
  const id = useId();
  return (
    <div className={`adm-field${error ? ' adm-field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="adm-input"
        value={value}
        data-testid={testId}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error ? <span className="adm-field__error">{error}</span> : helper && <span>{helper}</span>}
    </div>
  );
}

export function CheckField({
  label,
  testId,
  checked,
  onChange,
}: {
  label: string;
  testId: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="adm-check">
      <input
        type="checkbox"
        checked={checked}
        data-testid={testId}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>{label}</span>
    </label>
  );
}

/** A filter above a table: a select with its label inside the bar. */
export function FilterSelect({
  label,
  testId,
  value,
  onChange,
  options,
}: {
  label: string;
  testId: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly Option[];
}) {
  return (
    <label className="adm-filter">
      <span>{label}</span>
      <select value={value} data-testid={testId} onChange={(event) => onChange(event.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * A text filter that applies itself a moment after typing stops (one request per search, not per key),
 * or at once on Enter.
 */
export function FilterSearch({
  label,
  testId,
  value,
  onChange,
  placeholder,
  wide,
  list,
}: {
  label: string;
  testId: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  wide?: boolean;
  /** The id of a <datalist> of suggestions. */
  list?: string;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onChange(text), 350);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <label className={`adm-filter adm-filter--search${wide ? ' adm-filter--wide' : ''}`}>
      <IonIcon icon={searchOutline} aria-hidden="true" />
      <input
        type="search"
        value={text}
        placeholder={placeholder ?? label}
        aria-label={label}
        list={list}
        data-testid={testId}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onChange(text);
        }}
      />
    </label>
  );
}
