// Business constants and limits of the spec's point 9.
export const CARD_FEE_BASIS_POINTS = 250; // 2.5 % for debit/credit card
export const ACH_FEE_CENTS = 75; // $0.75 per ACH payment

export const ACCOUNT_NUMBER_LENGTH = 10;
export const PIN_LENGTH = 4;
export const VERIFICATION_CODE_LENGTH = 6;
export const ZIP_LENGTH = 5;
export const PASSWORD_MIN_LENGTH = 8;

export const PAYMENT_STATS_PAGE_LIMIT = 5;
export const PAYMENT_STATS_PAGE_OFFSET = 0;
export const PAYMENT_STATS_FILTER_TYPE = 'C1BL';
export const PAYMENT_STATS_FILTER_DESCRIPTION = 'Bills';

export const SESSION_ENDED_LOGOUT_DELAY_MS = 2000;
export const CHAT_SEARCH_DELAY_MS = 1000;
export const CHAT_AUTH_REPORT_DELAY_MS = 1000;

export const TOAST_TIMEOUT_MS = 2000;
export const TOAST_MAX_CHARS = 110;
export const TOAST_POSITION = 'top-right' as const;

export const CHAT_EXCLUDED_PATHS = ['/net2grid', '/gridx'] as const;

export const THEME_IDS = [
  'green',
  'red',
  'blue',
  'black',
  'darkBlue',
  'goldenState',
  'innpower',
  'lubbock',
  'clearWater',
] as const;
export type ThemeId = (typeof THEME_IDS)[number];
export const DEFAULT_THEME: ThemeId = 'green';

export const LANGUAGES = ['en', 'es', 'ta', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';

export const UTILITY_TYPES = ['electricity', 'gas', 'water', 'sewer'] as const;
export type UtilityType = (typeof UTILITY_TYPES)[number];

export const PROPERTY_TYPES = ['Commercial', 'Residential', 'Industrial', 'Medical', 'Multi-Family'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const PAYMENT_PLATFORM_DEFAULT = 'invoiceCloud';

export const AI_ASSIST = {
  title: 'AI Assist',
  welcome: "Welcome, I'm your AI Assist. How can I help you today?",
  placeholder: 'Ask me anything about...',
  searchPlaceholder: 'Ask me anything about your services...',
  predefinedQuestions: [
    'How to report outages?',
    'What is the charge for reconnecting the service?',
    'what is Green Tags?',
  ],
} as const;

export const HOME_TITLE = 'The AI Accelerator for the Energy & Utility Industry';

/** Cookie defaults of the spec: path root, not HTTP-only, secure, same-site strict; a numeric expiry is days. */
export const COOKIE_DEFAULTS = { path: '/', httpOnly: false, secure: true, sameSite: 'strict' } as const;

/**
 * Transaction types of the billing system: bills, payments, late-payment charges. Here, not in
 * billing.ts, so that a page can list them without loading zod.
 */
export const TRANSACTION_FILTERS = ['C1BL', 'PAY', 'LPC', 'ALL'] as const;
export type TransactionFilter = (typeof TRANSACTION_FILTERS)[number];

export const TRANSACTION_PAGE_LIMIT_MAX = 100;
