import type { InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldError, FieldHint, useFieldDescription } from './form-fields.tsx';
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
  const { id, hintId, errorId, describedBy } = useFieldDescription(hint, error);
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <FieldHint id={hintId} text={hint} />
      <input
        id={id}
        {...inputProps}
        {...registration}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <FieldError id={errorId} text={error} />
    </div>
  );
}
