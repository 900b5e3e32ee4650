// The payment messages and limits, without schemas: the portal's pages import them without
// pulling in zod's schemas of the whole payment API.
/** The platform key of the built-in test processor: screens that take money through it say "test mode". */
export const TEST_PROCESSOR_PLATFORM_KEY = 'gridfront';

/** Largest single payment the portal takes: a typo of a few zeros should not reach a card. */
export const MAX_PAYMENT_CENTS = 10_000_000;
/** How long a payment token (auth or checkout) lives. */
export const PAYMENT_TOKEN_TTL_MINUTES = 15;

export const checkoutMessages = {
  amount: 'Enter an amount of at least $0.01',
  amountTooLarge: 'A single payment can be at most $100,000.00',
  tokenInvalid: 'This payment link is not valid or has expired. Please start the payment again.',
  tokenUsed: 'This payment link has already been used.',
  inProgress: 'A payment from this page is already being processed.',
  tooManyDeclines:
    'This page has had too many declined attempts. Please start the payment again, or pay another way.',
  paymentNotFound: 'Payment not found',
  returnPath: 'The return address must be a page of this portal',
  unavailable: 'Online payments are not available right now. Please try again later or contact us.',
  notCharged: 'Not charged: the payment never reached the processor',
} as const;

/** Why the built-in test processor declines, as a processor's test mode words it. */
export const declineReasons = {
  declined: 'Your card was declined.',
  insufficient_funds: 'Insufficient funds.',
  closed_account: 'The bank account is closed.',
} as const;

/** Days before the due date that the withdrawal notice goes out. */
export const AUTOPAY_NOTICE_DAYS = 3;

export const autopayMessages = {
  enrolled: 'AutoPay is set up',
  changed: 'AutoPay has been changed',
  cancelled: 'AutoPay has been cancelled',
  notEnrolled: 'AutoPay is not set up for this account',
  startDate: 'The start date cannot be in the past',
  endDate: 'The end date must be after the start date',
  source: 'Enter the card or bank account details',
} as const;
