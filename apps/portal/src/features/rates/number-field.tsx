// A labelled number the customer types (text with a decimal keyboard: "0,3" is how es, de and ta
// write it), its error tied to it for screen readers.
import { useId } from 'react';
import styles from './gridx-page.module.css';

interface NumberFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  integer?: boolean;
}

export function NumberField({ label, value, onChange, error, integer }: NumberFieldProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        inputMode={integer ? 'numeric' : 'decimal'}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
