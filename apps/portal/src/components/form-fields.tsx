// The pieces every labelled form control shares: a hint and an error tied to the control with
// aria-describedby (and aria-invalid), plus the text box and the select that Contact Us and the
// service request flow both use. A feature with messages of its own passes `translateError`; the
// default shows a spec message in the reader's language.
import { type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { translateServerMessage } from '../i18n/server-message.ts';
import styles from './text-field.module.css';

export type Translate = (message: string) => string;

/** Ids for a control, its hint and its error, and the aria-describedby naming those shown. */
export function useFieldDescription(hint: string | undefined, error: string | undefined) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy };
}

export function FieldHint({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={id} className={styles.hint}>
      {text}
    </p>
  ) : null;
}

export function FieldError({
  id,
  text,
  translateError = translateServerMessage,
}: {
  id: string;
  text: string | undefined;
  translateError?: Translate | undefined;
}) {
  return text ? (
    <p id={id} className={styles.error}>
      {translateError(text)}
    </p>
  ) : null;
}

export interface FieldFrame {
  label: string;
  registration: UseFormRegisterReturn;
  /** The field's validation message (untranslated; `translateError` shows it). */
  error?: string | undefined;
  /** A line on what the field expects. */
  hint?: string | undefined;
  translateError?: Translate | undefined;
}

export function TextAreaField({
  label,
  registration,
  error,
  hint,
  translateError,
  ...props
}: FieldFrame & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name'>) {
  const { id, hintId, errorId, describedBy } = useFieldDescription(hint, error);
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <FieldHint id={hintId} text={hint} />
      <textarea
        id={id}
        className={styles.control}
        {...props}
        {...registration}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <FieldError id={errorId} text={error} translateError={translateError} />
    </div>
  );
}

export function SelectField({
  label,
  registration,
  error,
  hint,
  translateError,
  options,
  placeholder,
  ...props
}: FieldFrame &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name'> & {
    options: { value: string; label: string }[];
    placeholder: string;
  }) {
  const { id, hintId, errorId, describedBy } = useFieldDescription(hint, error);
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <FieldHint id={hintId} text={hint} />
      <select
        id={id}
        className={styles.control}
        {...props}
        {...registration}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId} text={error} translateError={translateError} />
    </div>
  );
}
