// The flow's inputs beside the shared TextField: a select, a text box, groups of radios and
// check boxes, and one check box. Errors are tied to their input with aria-describedby.
import { type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import fieldStyles from '../../components/text-field.module.css';
import { requestText } from './request-text.ts';
import styles from './service-requests.module.css';

interface FieldFrame {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  hint?: string | undefined;
}

function useDescription(hint: string | undefined, error: string | undefined) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy };
}

function Hint({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={id} className={fieldStyles.hint}>
      {text}
    </p>
  ) : null;
}

export function FieldError({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={id} className={fieldStyles.error}>
      {requestText(text)}
    </p>
  ) : null;
}

export function TextAreaField({
  label,
  registration,
  error,
  hint,
  ...props
}: FieldFrame & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name'>) {
  const { id, hintId, errorId, describedBy } = useDescription(hint, error);
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id}>{label}</label>
      <Hint id={hintId} text={hint} />
      <textarea
        id={id}
        className={styles.textarea}
        {...props}
        {...registration}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <FieldError id={errorId} text={error} />
    </div>
  );
}

export function SelectField({
  label,
  registration,
  error,
  options,
  placeholder,
  ...props
}: FieldFrame &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name'> & {
    options: { value: string; label: string }[];
    placeholder: string;
  }) {
  const { id, errorId, describedBy } = useDescription(undefined, error);
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className={styles.select}
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
      <FieldError id={errorId} text={error} />
    </div>
  );
}

export interface ChoiceGroupProps extends FieldFrame {
  type: 'radio' | 'checkbox';
  options: { value: string; label: string }[];
}

/** Radios or check boxes under one legend; the group's error is tied to the fieldset. */
export function ChoiceGroup({ label, registration, error, hint, type, options }: ChoiceGroupProps) {
  const { id, hintId, errorId, describedBy } = useDescription(hint, error);
  return (
    <fieldset className={styles.group} aria-describedby={describedBy}>
      <legend className={styles.legend}>{label}</legend>
      <Hint id={hintId} text={hint} />
      <div className={styles.choices}>
        {options.map((option) => (
          <label key={option.value} className={styles.choice} htmlFor={`${id}-${option.value}`}>
            <input id={`${id}-${option.value}`} type={type} value={option.value} {...registration} />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} text={error} />
    </fieldset>
  );
}

/** One check box with its label and error. */
export function CheckboxField({
  label,
  registration,
  error,
}: {
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
}) {
  const { id, errorId, describedBy } = useDescription(undefined, error);
  return (
    <div className={fieldStyles.field}>
      <label className={styles.choice} htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          {...registration}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        <span>{label}</span>
      </label>
      <FieldError id={errorId} text={error} />
    </div>
  );
}
