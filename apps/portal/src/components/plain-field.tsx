import { type InputHTMLAttributes, useId } from 'react';
import styles from './text-field.module.css';

export interface PlainFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Already in the reader's language. */
  error?: string | undefined;
  hint?: string | undefined;
}

/**
 * A labelled input kept in React state, with its hint and error tied to it (aria-describedby,
 * aria-invalid): pages that check their fields themselves (payment, rate comparison), so it needs no form library.
 */
export function PlainField({ label, value, onChange, error, hint, ...inputProps }: PlainFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        {...inputProps}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
