import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../lib/session/session-storage.ts';
import { renderApp } from '../../test/test-app.tsx';

const fetchMock = vi.fn<(request: Request) => Promise<Response>>();
const calledPaths = () => fetchMock.mock.calls.map(([request]) => new URL(request.url).pathname);

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function press(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

/** The field's error, found the way assistive technology finds it: through aria-describedby. */
async function errorOf(label: string): Promise<string> {
  const input = screen.getByLabelText(label);
  await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' | ');
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async () => new Response('{}', { status: 404 }));
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
  toast.dismiss();
  cleanup();
  clearSession();
});

describe('Sign Up', () => {
  it('step 1 checks the account number and PIN before calling the server', async () => {
    renderApp({ path: '/signup' });
    await screen.findByLabelText('Account number');
    await press('Verify account');
    expect(await errorOf('Account number')).toBe('Account no is required');
    expect(await errorOf('PIN')).toBe('PIN is required');
    type('Account number', '12345');
    type('PIN', '12');
    await press('Verify account');
    expect(await errorOf('Account number')).toBe('Account number must be exactly 10 digits');
    expect(await errorOf('PIN')).toBe('PIN must be exactly 4 digits');
    expect(calledPaths()).not.toContain('/api/oracle/accountVerify');
  });

  it('refuses an account that is already linked, with the server message', async () => {
    fetchMock.mockImplementation(async (request) =>
      request.url.endsWith('/oracle/accountVerify')
        ? Response.json({ message: 'This account is already registered.', verified: true, isLinked: true })
        : new Response('{}', { status: 404 }),
    );
    renderApp({ path: '/signup' });
    await screen.findByLabelText('Account number');
    type('Account number', '3100000078');
    type('PIN', '1234');
    await press('Verify account');
    expect(await screen.findByText('This account is already registered.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Your details' })).toBeNull();
  });

  it('step 2 shows the spec messages, the human check included, and sends nothing', async () => {
    fetchMock.mockImplementation(async (request) =>
      request.url.endsWith('/oracle/accountVerify')
        ? Response.json({ message: 'Account verified successfully', verified: true, isLinked: false })
        : new Response('{}', { status: 404 }),
    );
    renderApp({ path: '/signup' });
    await screen.findByLabelText('Account number');
    type('Account number', '3100000078');
    type('PIN', '1234');
    await press('Verify account');
    await screen.findByRole('heading', { name: 'Your details' });

    await press('Sign Up');
    expect(await errorOf('Username')).toBe('Username is required');
    expect(await errorOf('Full name')).toBe('Full name is required');
    expect(await errorOf('Email address')).toBe('Email Address is required');
    expect(await errorOf('Password')).toContain('Password is required');
    expect(await errorOf('Confirm password')).toBe('Confirm password is required');
    const humanCheck = screen.getByRole('group', { name: 'Human check' });
    const captchaError = document.getElementById(humanCheck.getAttribute('aria-describedby') ?? '');
    expect(captchaError?.textContent).toBe('Please complete the reCAPTCHA verification');

    type('Email address', 'not-an-email');
    type('Password', 'short');
    type('Confirm password', 'different');
    await press('Sign Up');
    expect(await errorOf('Email address')).toBe('Invalid email format');
    expect(await errorOf('Password')).toContain(
      'Password must be at least 8 characters long, include an uppercase letter, a number, and a special character',
    );
    expect(calledPaths()).not.toContain('/api/auth/signup');
  });
});

describe('codes and recovery', () => {
  it('Email Verification wants a 6-digit code', async () => {
    renderApp({ path: '/emailVerify' });
    await screen.findByLabelText('Verification code');
    await press('Verify');
    expect(await errorOf('Verification code')).toBe('Verification code is required');
    expect(await errorOf('Username')).toBe('Username is required');
    type('Verification code', '12ab');
    await press('Verify');
    expect(await errorOf('Verification code')).toBe('Verification code must be exactly 6 digits');
    expect(calledPaths()).not.toContain('/api/auth/emailOTPVerify');
  });

  it('Resend Code shows its loading and succeeded statuses', async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementation(
      (request) =>
        new Promise((resolve) => {
          if (request.url.includes('/auth/resendOTP')) answer = resolve;
          else resolve(new Response('{}', { status: 404 }));
        }),
    );
    renderApp({ path: '/emailVerify' });
    await screen.findByLabelText('Username');
    type('Username', 'new.customer');
    await press('Resend Code');
    expect(await screen.findByText('Sending a new code…')).toBeTruthy();
    const request = fetchMock.mock.calls
      .map(([r]) => new URL(r.url))
      .find((url) => url.pathname.endsWith('/resendOTP'));
    expect(request?.searchParams.get('username')).toBe('new.customer');
    await act(async () =>
      answer(Response.json({ message: 'If the details are correct, a new code was sent' })),
    );
    expect(await screen.findByText('A new code is on its way.')).toBeTruthy();
  });

  it('Forgot Username and Forgot Account Number check the address and the human check', async () => {
    renderApp({ path: '/forgotUsername' });
    await screen.findByLabelText('Email address');
    await press('Send my username');
    expect(await errorOf('Email address')).toBe('Email Address is required');
    expect(screen.getByText('Please complete the reCAPTCHA verification')).toBeTruthy();
    type('Email address', 'nobody@');
    await press('Send my username');
    expect(await errorOf('Email address')).toBe('Invalid email format');
    cleanup();

    renderApp({ path: '/forgotAccountNo' });
    await screen.findByLabelText('Email address');
    await press('Send my account number');
    expect(await errorOf('Email address')).toBe('Email Address is required');
    expect(calledPaths().filter((path) => path.startsWith('/api/auth/forgot'))).toEqual([]);
  });

  it('Forgot Password asks for the username and the human check', async () => {
    renderApp({ path: '/forgotPassword' });
    await screen.findByLabelText('Username');
    await press('Send code');
    expect(await errorOf('Username')).toBe('Username is required');
    expect(screen.getByText('Please complete the reCAPTCHA verification')).toBeTruthy();
    expect(calledPaths()).not.toContain('/api/auth/forgotOTP');
  });

  it('Two-Factor Authentication without a pending sign-in sends the visitor back to login', async () => {
    renderApp({ path: '/twoFactorAuth' });
    expect(await screen.findByText('Your sign-in has expired. Please log in again.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/login');
  });
});
