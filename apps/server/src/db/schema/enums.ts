import { PROPERTY_TYPES, THEME_IDS, UTILITY_TYPES } from '@gridfront/contracts';
import { pgEnum } from 'drizzle-orm/pg-core';

export const utilityType = pgEnum('utility_type', UTILITY_TYPES);
export const propertyType = pgEnum('property_type', PROPERTY_TYPES);
export const themeId = pgEnum('theme_id', THEME_IDS);
export const serviceStatus = pgEnum('service_status', ['active', 'pending', 'stopped']);
export const billStatus = pgEnum('bill_status', ['open', 'partial', 'paid', 'void']);
export const paymentMethod = pgEnum('payment_method', ['card', 'ach', 'check', 'cash']);
export const paymentStatus = pgEnum('payment_status', ['pending', 'succeeded', 'failed', 'refunded']);
export const paymentChannel = pgEnum('payment_channel', [
  'portal',
  'quickpay',
  'autopay',
  'mail',
  'agent',
  // The utility's own web site, with a site key (features/payments/site-keys.ts).
  'site',
]);
export const paymentTokenKind = pgEnum('payment_token_kind', ['auth', 'checkout']);
export const ledgerKind = pgEnum('ledger_kind', [
  'bill',
  'payment',
  'fee',
  'late_fee',
  'adjustment',
  'refund',
]);
export const autopayStatus = pgEnum('autopay_status', ['active', 'cancelled', 'expired']);
export const autopayRunStatus = pgEnum('autopay_run_status', [
  'scheduled',
  'processing',
  'paid',
  'failed',
  'over_maximum',
  'nothing_due',
  'cancelled',
]);
export const todoStatus = pgEnum('todo_status', ['submitted', 'in_progress', 'completed', 'cancelled']);
/** A contact message as the staff queue works it. */
export const contactStatus = pgEnum('contact_status', ['open', 'in_progress', 'closed']);
export const mailStatus = pgEnum('mail_status', ['pending', 'sent', 'failed']);
/** A user's role in their tenant: customers, and the utility's staff. */
export const userRole = pgEnum('user_role', ['customer', 'agent', 'admin']);
export const codePurpose = pgEnum('code_purpose', ['signup', 'tfa', 'forgot_password', 'email_change']);
