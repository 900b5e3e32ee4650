import { type InputHTMLAttributes, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { translateServerMessage } from '../i18n/server-message.ts';
import styles from './text-field.module.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> {
  label: string;
  registration: UseFormRegisterReturn;
  /** The field's validation message (a spec message in English; shown translated). */
  error?: string | undefined;
  /** A line on what the field expects (the format of a phone number, the password rule). */
  hint?: string | undefined;
}

/** A labelled input whose hint and error are tied to it with aria-describedby (and aria-invalid). */
export function TextField({ label, registration, error, hint, ...inputProps }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        {...inputProps}
        {...registration}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {error ? (
        <p id={errorId} className={styles.error}>
          {translateServerMessage(error)}
        </p>
      ) : null}
    </div>
  );
}
