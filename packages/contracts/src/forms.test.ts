import { describe, expect, it } from 'vitest';
import { changePasswordRequest, contactUsRequest, serviceRequest, signupRequest } from './forms.ts';
import { messages } from './messages.ts';

const issuesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('form schemas', () => {
  const signup = {
    accountNumber: '1234567890',
    pin: '1234',
    username: 'newcustomer',
    fullName: 'New Customer',
    email: 'new@example.com',
    password: 'Secret@123',
    confirmPassword: 'Secret@123',
    captcha: 'token',
  };
  it('accepts a complete sign-up and rejects a mismatched confirmation with the spec message', () => {
    expect(signupRequest.safeParse(signup).success).toBe(true);
    expect(issuesOf(signupRequest.safeParse({ ...signup, confirmPassword: 'Secret@124' }))).toEqual([
      ['confirmPassword', messages.passwordMismatch],
    ]);
    expect(issuesOf(signupRequest.safeParse({ ...signup, captcha: '' }))).toEqual([
      ['captcha', messages.captchaRequired],
    ]);
    // The mismatch shows together with the other problems, not only once they are fixed.
    expect(
      issuesOf(signupRequest.safeParse({ ...signup, captcha: '', confirmPassword: 'Secret@124' })),
    ).toEqual([
      ['captcha', messages.captchaRequired],
      ['confirmPassword', messages.passwordMismatch],
    ]);
  });
  it('checks the new password rule and confirmation on change password', () => {
    const result = changePasswordRequest.safeParse({
      currentPassword: 'x',
      newPassword: 'short',
      confirmPassword: 'short',
    });
    expect(issuesOf(result)).toEqual([['newPassword', messages.passwordRule]]);
    expect(
      issuesOf(
        changePasswordRequest.safeParse({ currentPassword: '', newPassword: '', confirmPassword: '' }),
      ),
    ).toEqual([
      ['currentPassword', messages.currentPasswordRequired],
      ['newPassword', messages.newPasswordRequired],
      ['confirmPassword', messages.confirmPasswordRequired],
    ]);
  });
  it('words the contact form e-mail rule as the spec does', () => {
    const result = contactUsRequest.safeParse({
      fullName: 'A',
      email: 'x',
      subject: 's',
      message: 'm',
      captcha: 't',
    });
    expect(issuesOf(result)).toEqual([['email', messages.validEmail]]);
  });
  it('uses the combined service-request messages', () => {
    const result = serviceRequest.safeParse({ serviceDescription: 'Start service', agreementAccepted: true });
    expect(issuesOf(result)).toEqual([
      ['accountHolderName', messages.serviceRequestContactRequired],
      ['serviceAddress', messages.serviceRequestPremiseRequired],
    ]);
    const ok = serviceRequest.safeParse({
      accountHolderName: 'Pat Doe',
      effectiveDate: '2026-12-01',
      email: 'pat@example.com',
      serviceAddress: '1 Main St',
      propertyType: 'Residential',
      serviceDescription: 'Start service',
      agreementAccepted: true,
    });
    expect(ok.success).toBe(true);
  });
});
