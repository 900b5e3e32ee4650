import { TextField, type TextFieldProps } from './text-field.tsx';

export type UsernameFieldProps = Pick<TextFieldProps, 'label' | 'registration' | 'error'>;

/** A username as typed: no capital letter or spelling fix added by the device. */
export function UsernameField(props: UsernameFieldProps) {
  return <TextField {...props} autoComplete="username" autoCapitalize="none" spellCheck={false} />;
}
