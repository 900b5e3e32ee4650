// The demo utility's identity: tenant row, host names, payment platforms and the demo logins.
import { ACH_FEE_CENTS, CARD_FEE_BASIS_POINTS, PAYMENT_PLATFORM_DEFAULT } from '@gridfront/contracts';
import { TEST_PROCESSOR_KEY } from '../adapters/payments/test-processor.ts';
import type { TenantContact, TenantFees, TenantLegal } from '../db/schema/index.ts';
import { demoPrivacyPolicy, demoTermsOfUse } from './demo-legal.ts';
import { ELECTRONIC_PAYMENT_AGREEMENT_TRANSLATIONS } from './demo-payment-agreement.ts';

export const DEMO_TENANT_SLUG = 'demo';
export const DEMO_TIME_ZONE = 'America/Chicago';

/** The login that always exists; it owns a solar home with all four services. */
export const DEMO_LOGIN = {
  username: 'demo',
  password: 'Demo@12345',
  fullName: 'Jamie Demo',
  email: 'demo@example.com',
} as const;

/** The demo home's utility account, for account verification and quick pay. */
export const DEMO_ACCOUNT_PIN = '1234';

/**
 * More people to sign in as (same password), each on a different kind of account. The end-to-end
 * flows spread their sign-ins over them (a user's sign-ins are rate limited): priya.martinez and
 * omar.martin are residential homes (late payers by bank account) like the generated ones.
 */
export const EXTRA_DEMO_USERS = [
  { username: 'maria.garcia', fullName: 'Maria Garcia', email: 'maria.garcia@example.com', accountIndex: 1 },
  { username: 'sam.okafor', fullName: 'Sam Okafor', email: 'sam.okafor@example.com', accountIndex: 2 },
  { username: 'lee.bakery', fullName: 'Lee Chen', email: 'lee.chen@example.com', accountIndex: 3 },
  {
    username: 'priya.martinez',
    fullName: 'Priya Martinez',
    email: 'priya.martinez@example.com',
    accountIndex: 4,
  },
  // Account 5 stays nobody's (a print shop); account 6 is a home.
  { username: 'omar.martin', fullName: 'Omar Martin', email: 'omar.martin@example.com', accountIndex: 6 },
] as const;

export const DEMO_FEES: TenantFees = {
  cardFeeBasisPoints: CARD_FEE_BASIS_POINTS,
  achFeeCents: ACH_FEE_CENTS,
  lateFeeCents: 500,
};

export const DEMO_CONTACT: TenantContact = {
  phone: '(555) 010-4400',
  outagePhone: '(555) 010-4911',
  email: 'care@riverbend-utilities.example',
  address: '200 Water Street, Riverbend, MO 63101',
  hours: 'Monday to Friday 7:30 am – 6:00 pm; outages 24/7',
  // The footer and Contact Us show the hours in the visitor's language.
  hoursTranslations: {
    es: 'De lunes a viernes, de 7:30 a 18:00; averías, las 24 horas',
    ta: 'திங்கள் முதல் வெள்ளி வரை, காலை 7:30 – மாலை 6:00; சேவைத் தடைகள் 24/7',
    de: 'Montag bis Freitag 7:30–18:00 Uhr; Störungen rund um die Uhr',
  },
};

export const ELECTRONIC_PAYMENT_AGREEMENT = [
  'Electronic Payment Agreement',
  'By submitting this agreement you authorise Riverbend Utilities ("we") to debit the bank account or charge the card you provide for the amounts you approve, including recurring AutoPay amounts on each bill due date.',
  'Card payments carry a convenience fee of 2.5% of the amount paid; ACH bank payments carry a fee of $0.75 per payment. The fee is shown before you confirm and is not refundable.',
  'A payment submitted by 8:00 pm Central time on a business day is credited on that day. A payment returned unpaid by your bank may incur a returned-payment charge and your account may be placed on cash-only status.',
  'You may cancel AutoPay or change the payment method at any time in the portal; changes made less than three business days before a due date may take effect with the next bill.',
  'Paying by check requires a manual application, since electronic applications do not accept checks.',
].join('\n\n');

export const DEMO_LEGAL: TenantLegal = {
  privacyUrl: '/privacy',
  termsUrl: '/terms',
  privacyPolicy: demoPrivacyPolicy(DEMO_CONTACT),
  termsOfUse: demoTermsOfUse(DEMO_CONTACT),
  electronicPaymentAgreement: ELECTRONIC_PAYMENT_AGREEMENT,
  electronicPaymentAgreementTranslations: ELECTRONIC_PAYMENT_AGREEMENT_TRANSLATIONS,
};

export const DEMO_FEATURES = [
  'billing',
  'payments',
  'autopay',
  'quickPay',
  'usage',
  'solar',
  'insights',
  'rates',
  'serviceRequests',
  'contact',
  'assistant',
  'net2grid',
  'gridx',
];

export const DEMO_TENANT = {
  slug: DEMO_TENANT_SLUG,
  name: 'Riverbend Utilities',
  defaultTheme: 'green' as const,
  timeZone: DEMO_TIME_ZONE,
  currency: 'USD',
  contentLanguage: 'en',
  features: DEMO_FEATURES,
  fees: DEMO_FEES,
  contact: DEMO_CONTACT,
  legal: DEMO_LEGAL,
  appClientId: 'gridfront-demo-portal',
  appClientSecret: 'demo-portal-public-credential',
  isDefault: true,
};

export const DEMO_DOMAINS = ['localhost', '127.0.0.1'];

/**
 * The spec's platform list: the first enabled entry is the active one. The demo takes payments with
 * the built-in test processor ('gridfront'); the spec's hosted providers (invoiceCloud first) are
 * listed, and refused when chosen while no adapter for them is configured.
 */
export const DEMO_PAYMENT_PLATFORMS = [
  { platformKey: TEST_PROCESSOR_KEY, name: 'Gridfront Pay (test mode)', isEnable: true, sortOrder: 0 },
  { platformKey: PAYMENT_PLATFORM_DEFAULT, name: 'Invoice Cloud', isEnable: false, sortOrder: 1 },
  { platformKey: 'paymentus', name: 'Paymentus', isEnable: false, sortOrder: 2 },
  { platformKey: 'kubra', name: 'KUBRA EZ-PAY', isEnable: false, sortOrder: 3 },
];

/** The utility's staff in the demo: an administrator (payment settings) and a contact-center agent. */
export const STAFF_DEMO_USERS = [
  {
    username: 'admin',
    password: 'Admin@12345',
    fullName: 'Robin Admin',
    email: 'admin@riverbend-utilities.example',
    role: 'admin',
  },
  {
    username: 'agent',
    password: 'Agent@12345',
    fullName: 'Alex Agent',
    email: 'agent@riverbend-utilities.example',
    role: 'agent',
  },
] as const;

/** The demo service area, for addresses. */
export const DEMO_SERVICE_AREA = {
  city: 'Riverbend',
  state: 'MO',
  zips: ['63101', '63104', '63110', '63116', '63118', '63139'],
  areaCode: '555',
};
