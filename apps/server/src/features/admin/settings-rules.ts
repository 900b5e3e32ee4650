// A utility's AutoPay rules and notice timings as set in /admin/settings (issue 14), read by the
// AutoPay job, enrolment and the bill-due notices. A row older than the settings, or a value left
// out, reads as the product's behaviour before they existed.
import { AUTOPAY_NOTICE_DAYS } from '@gridfront/contracts';
import type { TenantAutopayRules } from '../../db/schema/tenants.ts';

export const DEFAULT_AUTOPAY_RULES: TenantAutopayRules = {
  maxWithdrawalCents: null,
  methods: ['card', 'ach'],
  withdrawalDaysBefore: 0,
  noticeDaysBefore: AUTOPAY_NOTICE_DAYS,
};

export function autopayRulesOf(tenant: {
  autopayRules?: Partial<TenantAutopayRules> | null;
}): TenantAutopayRules {
  return { ...DEFAULT_AUTOPAY_RULES, ...(tenant.autopayRules ?? {}) };
}

/** The lower of the customer's own maximum and the utility's cap; null when neither sets one. */
export function withdrawalCapOf(customerMaximum: number | null, rules: TenantAutopayRules): number | null {
  if (customerMaximum === null) return rules.maxWithdrawalCents;
  if (rules.maxWithdrawalCents === null) return customerMaximum;
  return Math.min(customerMaximum, rules.maxWithdrawalCents);
}

export const autopayRuleMessages = {
  methodNotAllowed: (method: string) =>
    `${method === 'card' ? 'Card' : 'Bank account'} payments are not offered for AutoPay by this utility`,
  overCap: (cents: number) =>
    `The maximum withdrawal can be at most $${(cents / 100).toFixed(2)} at this utility`,
  noticeBeforeWithdrawal: 'The AutoPay notice must go out on or before the day of the withdrawal',
} as const;
