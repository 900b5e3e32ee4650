// Fresh customers for end-to-end flows that must not depend on each other: each flow signs up its
// own login on its own seeded account through the real API (human check solved as the widget
// solves it, e-mail code read from the test's SMTP server, profile created), then drives the
// browser from there.
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inject } from 'vitest';
import { baseUrl } from './browser.ts';
import { codeIn, mailCount, waitForMail } from './mailbox.ts';

export interface Customer {
  accountNumber: string;
  pin: string;
  username: string;
  fullName: string;
  email: string;
  password: string;
}

interface AltchaSolver {
  solveChallenge(options: { challenge: unknown; deriveKey: unknown }): Promise<unknown>;
}
interface AltchaAlgorithm {
  deriveKey: unknown;
}

const repoRoot = resolve(import.meta.dirname, '../../../..');
// The server's ALTCHA library, from the server's own dependencies: the portal ships only the widget.
const fromServer = createRequire(join(repoRoot, 'apps/server/package.json'));
const importFromServer = async <T>(specifier: string): Promise<T> =>
  (await import(pathToFileURL(fromServer.resolve(specifier)).href)) as T;

const run = Date.now().toString(36);

async function api<T>(path: string, init: { method?: string; body?: unknown; accessToken?: string } = {}) {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: init.method ?? 'POST',
    headers: {
      Authorization: inject('clientAuthorization'),
      Accept: 'application/json',
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(init.accessToken ? { 'X-Access-Token': init.accessToken } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'POST'} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** A solved human check for the `captcha` field, as the portal's widget would send it. */
async function solvedCaptcha(): Promise<string> {
  const { solveChallenge } = await importFromServer<AltchaSolver>('altcha-lib');
  const { deriveKey } = await importFromServer<AltchaAlgorithm>('altcha-lib/algorithms/pbkdf2');
  const challenge = await api<unknown>('/auth/altcha', { method: 'GET' });
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the human check was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/**
 * Signs up a new customer on the given seeded account, verifies the e-mail address with the mailed
 * code and creates the profile; the customer can log in at once (two-factor off).
 */
export async function createCustomer(
  account: { accountNumber: string; pin: string },
  label: string,
): Promise<Customer> {
  const customer: Customer = {
    ...account,
    username: `e2e.${label}.${run}`,
    fullName: 'Erin Endtoend',
    email: `erin.${label}.${run}@example.com`,
    password: 'Start@12345',
  };
  const before = mailCount(customer.email);
  await api('/auth/signup', {
    body: {
      accountNumber: customer.accountNumber,
      pin: customer.pin,
      username: customer.username,
      fullName: customer.fullName,
      email: customer.email,
      password: customer.password,
      confirmPassword: customer.password,
      captcha: await solvedCaptcha(),
    },
  });
  const mail = await waitForMail(customer.email, { after: before, subject: /verify your e-mail/i });
  const session = await api<{ accessToken: string }>('/auth/emailOTPVerify', {
    body: { username: customer.username, code: codeIn(mail) },
  });
  await api('/auth/createProfile', {
    accessToken: session.accessToken,
    body: {
      mailingAddress: '12 Elm Street',
      city: 'Riverbend',
      serviceAddress: '12 Elm Street',
      state: 'MO',
      zip: '63101',
      phoneNo: '(555) 010-4400',
      secondaryPhnNo: '',
      isProfileRemoved: false,
      username: customer.username,
    },
  });
  return customer;
}
