// The contact form's own input beside the shared fields (components/form-fields.tsx): the
// Send Message / Book Appointment choice.
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import styles from './contact-page.module.css';

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
