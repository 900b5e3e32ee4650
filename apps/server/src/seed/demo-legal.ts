// The demo utility's privacy policy and terms of use, shown by the portal at /privacy and /terms.
// Plain text: paragraphs split by blank lines, '## ' opens a heading (see the tenant contract).
// Phone numbers and e-mail come from the utility's contact channels, so the texts cannot drift.
import type { TenantContact } from '../db/schema/index.ts';

export const demoPrivacyPolicy = (contact: TenantContact): string =>
  [
    'Riverbend Utilities ("we") provides electricity, gas, water and sewer service and this customer portal. This policy says what we collect when you use the portal, why, and the choices you have. Last updated 1 September 2026.',
    '## What we collect',
    'Your account number, service and mailing addresses, name, e-mail address and phone numbers; your meter readings and the usage we bill you for; your bills, payments and AutoPay settings; the messages and service requests you send us; and, when you sign in, the time, your IP address and your browser, which we keep to protect your account.',
    '## Why we use it',
    'To bill you correctly, take your payments, answer your questions, start, stop or move your service, show you your usage and ways to save, tell you about outages and due dates, and keep your account safe from misuse. We do not sell your information, and we do not use it for advertising.',
    '## Who sees it',
    'Our staff who serve your account, and the companies that process payments, deliver e-mail and host this portal for us, under contracts that let them use your information only to do that work. We disclose information when the law requires it, for example to the state utility commission.',
    '## How long we keep it',
    'Billing and payment records for seven years after your account closes, as utility regulations require; sign-in records for one year; messages and service requests for three years.',
    '## Your choices',
    `You can see and correct your profile in Settings, turn on two-factor sign-in, and ask us for a copy of the information we hold about you or to close your online account by writing to ${contact.email} or calling ${contact.phone}.`,
  ].join('\n\n');

export const demoTermsOfUse = (contact: TenantContact): string =>
  [
    'These terms apply to your use of the Riverbend Utilities customer portal. By creating an online account or paying through the portal you accept them. Last updated 1 September 2026.',
    '## Your online account',
    'You may link only the utility accounts you hold or are authorised to manage, using the account number and PIN printed on your bill. Keep your password to yourself and tell us at once if you think someone else has used it. You are responsible for what is done with your sign-in.',
    '## Payments',
    'A payment is final once you confirm it and receive a confirmation number. Any fee is shown before you confirm. Fees, returned payments, AutoPay and stored payment methods are governed by the Electronic Payment Agreement.',
    '## Usage information',
    'Usage charts, estimates, insights and rate comparisons are provided to help you understand and manage your energy and water use. Your bill, not the portal, is the official statement of what you owe.',
    '## Availability',
    `We aim to keep the portal available at all times but may take it down for maintenance. To report an outage or a gas leak, always call ${contact.outagePhone}; do not use the portal or the chat assistant for emergencies.`,
    '## Changes',
    'We may update these terms; the date above shows the latest version, and we will tell you by e-mail of any change that affects your rights.',
  ].join('\n\n');
