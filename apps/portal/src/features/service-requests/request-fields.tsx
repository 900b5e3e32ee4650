// The flow's own inputs beside the shared fields (components/form-fields.tsx): groups of radios
// and check boxes, and one check box. Errors are tied to their input with aria-describedby and
// shown through the flow's own messages (requestText).
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import {
  FieldError,
  type FieldFrame,
  FieldHint,
  useFieldDescription,
} from '../../components/form-fields.tsx';
import fieldStyles from '../../components/text-field.module.css';
import { requestText } from './request-text.ts';
import styles from './service-requests.module.css';

export interface ChoiceGroupProps extends FieldFrame {
  type: 'radio' | 'checkbox';
  options: { value: string; label: string }[];
}

/** Radios or check boxes under one legend; the group's error is tied to the fieldset. */
export function ChoiceGroup({ label, registration, error, hint, type, options }: ChoiceGroupProps) {
  const { id, hintId, errorId, describedBy } = useFieldDescription(hint, error);
  return (
    <fieldset className={styles.group} aria-describedby={describedBy}>
      <legend className={styles.legend}>{label}</legend>
      <FieldHint id={hintId} text={hint} />
      <div className={styles.choices}>
        {options.map((option) => (
          <label key={option.value} className={styles.choice} htmlFor={`${id}-${option.value}`}>
            <input id={`${id}-${option.value}`} type={type} value={option.value} {...registration} />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} text={error} translateError={requestText} />
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
  const { id, errorId, describedBy } = useFieldDescription(undefined, error);
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
      <FieldError id={errorId} text={error} translateError={requestText} />
    </div>
  );
}
