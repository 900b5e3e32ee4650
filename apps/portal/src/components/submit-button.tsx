import type { ButtonHTMLAttributes } from 'react';

export interface SubmitButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  busy: boolean;
  label: string;
  busyLabel: string;
}

/** A form's submit button: disabled and announced busy while the call runs. */
export function SubmitButton({ busy, label, busyLabel, className, ...rest }: SubmitButtonProps) {
  return (
    <button type="submit" className={className ?? 'gf-button'} disabled={busy} aria-busy={busy} {...rest}>
      {busy ? busyLabel : label}
    </button>
  );
}
