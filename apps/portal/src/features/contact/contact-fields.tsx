// The contact form's own inputs beside the shared TextField: a message box, a time list and the
// Send Message / Book Appointment choice. Errors are tied to their input like TextField's.
import { type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import fieldStyles from '../../components/text-field.module.css';
import { translateServerMessage } from '../../i18n/server-message.ts';
import styles from './contact-page.module.css';

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

/** A spec message is shown in the reader's language; others arrive translated. */
function FieldError({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={id} className={fieldStyles.error}>
      {translateServerMessage(text)}
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
  hint,
  options,
  placeholder,
  ...props
}: FieldFrame &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name'> & {
    options: { value: string; label: string }[];
    placeholder: string;
  }) {
  const { id, hintId, errorId, describedBy } = useDescription(hint, error);
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id}>{label}</label>
      <Hint id={hintId} text={hint} />
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

export interface ModeChoiceProps {
  legend: string;
  registration: UseFormRegisterReturn;
  options: { value: string; label: string }[];
}

/** A radio group drawn as two segments; arrow keys move between them as in any radio group. */
export function ModeChoice({ legend, registration, options }: ModeChoiceProps) {
  const id = useId();
  return (
    <fieldset className={styles.modes}>
      <legend className={styles.modesLegend}>{legend}</legend>
      <div className={styles.segments}>
        {options.map((option) => (
          <label key={option.value} className={styles.segment} htmlFor={`${id}-${option.value}`}>
            <input id={`${id}-${option.value}`} type="radio" value={option.value} {...registration} />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
