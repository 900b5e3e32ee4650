// One zod schema per form field of the spec, carrying the spec's messages (point 5).
// Server routes and portal forms both build from these, so a rule lives in one place.
import { z } from 'zod';
import { messages } from './messages.ts';

const required = (message: string) => z.string({ error: message }).trim().min(1, { error: message });
/**
 * Format checks run only on a filled-in string: an empty or missing value already has its
 * 'required' message. (`when` replaces zod's own guard, so the type is checked here too.)
 */
const whenFilled = {
  when: (payload: { value: unknown }) => typeof payload.value === 'string' && payload.value !== '',
} as const;

export const usernameField = required(messages.usernameRequired).max(64);
export const fullNameField = required(messages.fullNameRequired).max(120);
export const emailField = required(messages.emailRequired)
  .max(254)
  .pipe(z.email({ error: messages.invalidEmailFormat }));
/** The contact and service-request forms word the same rule as the spec's 'Please enter a valid email address'. */
export const contactEmailField = required(messages.emailRequired)
  .max(254)
  .pipe(z.email({ error: messages.validEmail }));
export const passwordPattern = /^(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).{8,}$/;
export const newPasswordField = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .min(1, { error: requiredMessage })
    .max(128, { error: messages.passwordRule, ...whenFilled })
    .regex(passwordPattern, { error: messages.passwordRule, ...whenFilled });
export const passwordField = newPasswordField(messages.passwordRequired);
/** At sign-in only presence is checked: the rule may have changed since the password was set. */
export const loginPasswordField = z
  .string({ error: messages.passwordRequired })
  .min(1, { error: messages.passwordRequired })
  .max(128);
export const currentPasswordField = z
  .string({ error: messages.currentPasswordRequired })
  .min(1, { error: messages.currentPasswordRequired })
  .max(128);
export const confirmPasswordField = z
  .string({ error: messages.confirmPasswordRequired })
  .min(1, { error: messages.confirmPasswordRequired });
export const accountNumberField = required(messages.accountNoRequired).regex(/^\d{10}$/, {
  error: messages.accountNumberFormat,
  ...whenFilled,
});
export const pinField = required(messages.pinRequired).regex(/^\d{4}$/, {
  error: messages.pinFormat,
  ...whenFilled,
});
export const verificationCodeField = required(messages.verificationCodeRequired).regex(/^\d{6}$/, {
  error: messages.verificationCodeFormat,
  ...whenFilled,
});
export const phoneField = required(messages.phoneRequired).regex(/^\(\d{3}\) \d{3}-\d{4}$/, {
  error: messages.phoneFormat,
  ...whenFilled,
});
/** Secondary phone is optional, but when given it follows the same format. */
export const optionalPhoneField = z
  .string()
  .trim()
  .regex(/^(\(\d{3}\) \d{3}-\d{4})?$/, { error: messages.phoneFormat })
  .optional()
  .default('');
export const zipField = required(messages.zipRequired).regex(/^\d{5}$/, {
  error: messages.zipFormat,
  ...whenFilled,
});
export const cityField = required(messages.cityRequired).max(80);
export const stateField = required(messages.stateRequired).max(40);
export const serviceAddressField = required(messages.serviceAddressRequired).max(200);
export const mailingAddressField = required(messages.mailingAddressRequired).max(200);
export const messageField = required(messages.messageRequired).max(5000);
export const subjectField = required(messages.subjectRequired).max(200);
export const descriptionField = required(messages.descriptionRequired).max(5000);
export const captchaField = required(messages.captchaRequired).max(10_000);

/**
 * Adds the spec's mismatch message on confirmPassword when it differs from the given field. It runs
 * as soon as both fields are valid, even while other fields of the form are still wrong, so the
 * customer sees every problem at once.
 */
export function withPasswordConfirmation<S extends z.ZodObject<z.ZodRawShape>>(
  schema: S,
  passwordKey: string,
) {
  return schema.refine(
    (value) => {
      const record = value as Record<string, unknown>;
      return !record.confirmPassword || record[passwordKey] === record.confirmPassword;
    },
    {
      path: ['confirmPassword'],
      message: messages.passwordMismatch,
      when: (payload) =>
        !payload.issues.some(
          (issue) => issue.path?.[0] === passwordKey || issue.path?.[0] === 'confirmPassword',
        ),
    },
  );
}
