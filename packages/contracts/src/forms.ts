// Request bodies of the spec's forms (point 5 rules on the point 7 calls). The server validates
// with these and the portal's forms resolve with the same schemas.
import { z } from 'zod';
import { PROPERTY_TYPES } from './constants.ts';
import {
  accountNumberField,
  captchaField,
  cityField,
  confirmPasswordField,
  currentPasswordField,
  descriptionField,
  emailField,
  fullNameField,
  mailingAddressField,
  newPasswordField,
  optionalPhoneField,
  passwordField,
  phoneField,
  pinField,
  serviceAddressField,
  stateField,
  usernameField,
  verificationCodeField,
  withPasswordConfirmation,
  zipField,
} from './fields.ts';
import { messages } from './messages.ts';

export const accountVerifyRequest = z.object({ accountNumber: accountNumberField, pin: pinField });

export const signupRequest = withPasswordConfirmation(
  z.object({
    accountNumber: accountNumberField,
    pin: pinField,
    username: usernameField,
    fullName: fullNameField,
    email: emailField,
    password: passwordField,
    confirmPassword: confirmPasswordField,
    captcha: captchaField,
  }),
  'password',
);

/**
 * POST /auth/emailOTPVerify. Without pendingToken the code is the sign-up code (it verifies the
 * e-mail address); with the pendingToken of a login answer it is the two-factor code.
 */
export const emailOtpVerifyRequest = z.object({
  username: usernameField,
  code: verificationCodeField,
  pendingToken: z.string().max(2048).optional(),
});

export const forgotUsernameRequest = z.object({ email: emailField, captcha: captchaField });
export const forgotOtpRequest = z.object({ username: usernameField, captcha: captchaField });
export const forgotPasswordRequest = withPasswordConfirmation(
  z.object({
    username: usernameField,
    code: verificationCodeField,
    newPassword: newPasswordField(messages.newPasswordRequired),
    confirmPassword: confirmPasswordField,
  }),
  'newPassword',
);
export const forgotAccountNumberRequest = z.object({ email: emailField, captcha: captchaField });

export const createProfileRequest = z.object({
  mailingAddress: mailingAddressField,
  city: cityField,
  serviceAddress: serviceAddressField,
  state: stateField,
  zip: zipField,
  phoneNo: phoneField,
  secondaryPhnNo: optionalPhoneField,
  isProfileRemoved: z.boolean().default(false),
  username: usernameField,
});

/**
 * POST /auth/createProfile as the server reads it: with isProfileRemoved true the profile is
 * deleted and the other fields may be left out; otherwise createProfileRequest's rules apply.
 */
export const profileUpdateRequest = z
  .looseObject({ isProfileRemoved: z.boolean().default(false) })
  .transform((value, ctx) => {
    if (value.isProfileRemoved) return { isProfileRemoved: true as const };
    const parsed = createProfileRequest.safeParse(value);
    if (parsed.success) return { ...parsed.data, isProfileRemoved: false as const };
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
    return z.NEVER;
  });

export const changePasswordRequest = withPasswordConfirmation(
  z.object({
    currentPassword: currentPasswordField,
    newPassword: newPasswordField(messages.newPasswordRequired),
    confirmPassword: confirmPasswordField,
  }),
  'newPassword',
);
export const changeUsernameRequest = z.object({ username: usernameField, password: currentPasswordField });

/** Kept at its old import path; the contact resource lives in contact.ts. */
export { contactUsRequest } from './contact.ts';

/** Service request, step 1 (Personal Information): the spec's combined message covers all three fields. */
export const serviceRequestPersonal = z.object({
  accountHolderName: z.string().trim().default(''),
  effectiveDate: z.string().trim().default(''),
  email: z.string().trim().default(''),
  phoneNo: optionalPhoneField,
});
/** Step 2 (Service Details). */
export const serviceRequestDetails = z.object({
  serviceAddress: z.string().trim().default(''),
  propertyType: z.string().default(''),
  serviceDescription: descriptionField,
});

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
export const serviceRequest = z
  .object({
    ...serviceRequestPersonal.shape,
    ...serviceRequestDetails.shape,
    agreementAccepted: z.literal(true, { error: 'I agree to the Electronic Payment Agreement' }),
  })
  .superRefine((value, ctx) => {
    if (!value.accountHolderName || !isoDate.test(value.effectiveDate) || !value.email) {
      ctx.addIssue({
        code: 'custom',
        path: ['accountHolderName'],
        message: messages.serviceRequestContactRequired,
      });
    } else if (!z.email().safeParse(value.email).success) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: messages.validEmail });
    }
    if (!value.serviceAddress || !(PROPERTY_TYPES as readonly string[]).includes(value.propertyType)) {
      ctx.addIssue({
        code: 'custom',
        path: ['serviceAddress'],
        message: messages.serviceRequestPremiseRequired,
      });
    }
  });
