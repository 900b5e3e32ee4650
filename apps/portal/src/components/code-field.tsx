import { VERIFICATION_CODE_LENGTH } from '@gridfront/contracts/constants';
import { TextField, type TextFieldProps } from './text-field.tsx';

export type CodeFieldProps = Pick<TextFieldProps, 'label' | 'registration' | 'error'>;

/** The verification code mailed for sign-up, password recovery or the second factor. */
export function CodeField(props: CodeFieldProps) {
  return (
    <TextField
      {...props}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={VERIFICATION_CODE_LENGTH}
    />
  );
}
