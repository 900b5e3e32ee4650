import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '../i18n/use-translation.ts';
import { TextField } from './text-field.tsx';

export interface NewPasswordFieldsProps {
  label: string;
  confirmLabel: string;
  registration: UseFormRegisterReturn;
  confirmRegistration: UseFormRegisterReturn;
  error?: string | undefined;
  confirmError?: string | undefined;
}

/** A new password with the password rule as its hint, then the same password again. */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={props.label}
        type="password"
        registration={props.registration}
        error={props.error}
        autoComplete="new-password"
        hint={t('forms.passwordHint')}
      />
      <TextField
        label={props.confirmLabel}
        type="password"
        registration={props.confirmRegistration}
        error={props.confirmError}
        autoComplete="new-password"
      />
    </>
  );
}
