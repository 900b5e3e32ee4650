import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  accountNumberField,
  captchaField,
  cityField,
  confirmPasswordField,
  contactEmailField,
  currentPasswordField,
  descriptionField,
  emailField,
  fullNameField,
  mailingAddressField,
  messageField,
  optionalPhoneField,
  passwordField,
  phoneField,
  pinField,
  serviceAddressField,
  stateField,
  subjectField,
  usernameField,
  verificationCodeField,
  zipField,
} from './fields.ts';
import { messages } from './messages.ts';

const firstMessage = (schema: z.ZodType, value: unknown): string | undefined => {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('required fields carry the spec message for empty, blank and missing input', () => {
  const cases: [string, z.ZodType, string][] = [
    ['username', usernameField, messages.usernameRequired],
    ['email', emailField, messages.emailRequired],
    ['contact email', contactEmailField, messages.emailRequired],
    ['full name', fullNameField, messages.fullNameRequired],
    ['account number', accountNumberField, messages.accountNoRequired],
    ['PIN', pinField, messages.pinRequired],
    ['password', passwordField, messages.passwordRequired],
    ['current password', currentPasswordField, messages.currentPasswordRequired],
    ['verification code', verificationCodeField, messages.verificationCodeRequired],
    ['confirm password', confirmPasswordField, messages.confirmPasswordRequired],
    ['message', messageField, messages.messageRequired],
    ['subject', subjectField, messages.subjectRequired],
    ['description', descriptionField, messages.descriptionRequired],
    ['service address', serviceAddressField, messages.serviceAddressRequired],
    ['mailing address', mailingAddressField, messages.mailingAddressRequired],
    ['city', cityField, messages.cityRequired],
    ['state', stateField, messages.stateRequired],
    ['zip', zipField, messages.zipRequired],
    ['phone', phoneField, messages.phoneRequired],
    ['captcha', captchaField, messages.captchaRequired],
  ];
  it.each(cases)('%s', (_name, schema, expected) => {
    expect(firstMessage(schema, '')).toBe(expected);
    // One message per field: no format complaint on top of 'required'.
    expect(schema.safeParse('').error?.issues).toHaveLength(1);
    expect(firstMessage(schema, undefined)).toBe(expected);
  });
  it.each(cases.filter(([name]) => !name.includes('password')))(
    '%s rejects blanks',
    (_name, schema, expected) => {
      expect(firstMessage(schema, '   ')).toBe(expected);
    },
  );
});

describe('format rules', () => {
  it('password: at least 8, an uppercase letter, a number and a special character', () => {
    for (const bad of ['Ab1!', 'abcdefg1!', 'ABCDEFGH!', 'Abcdefgh1', 'Abcdefgh!']) {
      expect(firstMessage(passwordField, bad), bad).toBe(messages.passwordRule);
    }
    expect(firstMessage(passwordField, 'Demo@12345')).toBeUndefined();
  });
  it('email', () => {
    expect(firstMessage(emailField, 'not-an-email')).toBe(messages.invalidEmailFormat);
    expect(firstMessage(contactEmailField, 'a@b')).toBe(messages.validEmail);
    expect(emailField.parse('  demo@example.com ')).toBe('demo@example.com');
  });
  it('account number is exactly 10 digits', () => {
    for (const bad of ['123456789', '12345678901', '12345abcde']) {
      expect(firstMessage(accountNumberField, bad)).toBe(messages.accountNumberFormat);
    }
    expect(firstMessage(accountNumberField, '1234567890')).toBeUndefined();
  });
  it('PIN is exactly 4 digits', () => {
    expect(firstMessage(pinField, '123')).toBe(messages.pinFormat);
    expect(firstMessage(pinField, '12a4')).toBe(messages.pinFormat);
    expect(firstMessage(pinField, '0042')).toBeUndefined();
  });
  it('verification code is exactly 6 digits', () => {
    expect(firstMessage(verificationCodeField, '12345')).toBe(messages.verificationCodeFormat);
    expect(firstMessage(verificationCodeField, '1234567')).toBe(messages.verificationCodeFormat);
    expect(firstMessage(verificationCodeField, '012345')).toBeUndefined();
  });
  it('phone is (XXX) XXX-XXXX, and the secondary phone may be empty', () => {
    expect(firstMessage(phoneField, '555-123-4567')).toBe(messages.phoneFormat);
    expect(firstMessage(phoneField, '(555) 123-4567')).toBeUndefined();
    expect(firstMessage(optionalPhoneField, '')).toBeUndefined();
    expect(firstMessage(optionalPhoneField, '5551234567')).toBe(messages.phoneFormat);
  });
  it('zip is a 5-digit number', () => {
    expect(firstMessage(zipField, '1234')).toBe(messages.zipFormat);
    expect(firstMessage(zipField, '12345-6789')).toBe(messages.zipFormat);
    expect(firstMessage(zipField, '73301')).toBeUndefined();
  });
});
