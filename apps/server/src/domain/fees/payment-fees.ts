// Convenience fees of the spec (point 9): 2.5 % for debit/credit cards, $0.75 per ACH payment.
import { ACH_FEE_CENTS, CARD_FEE_BASIS_POINTS } from '@gridfront/contracts';
import { basisPointsOf } from '../money/cents.ts';

export type FeePaymentMethod = 'card' | 'ach' | 'check' | 'cash';

export interface FeeSchedule {
  cardFeeBasisPoints: number;
  achFeeCents: number;
}

export const SPEC_FEE_SCHEDULE: FeeSchedule = {
  cardFeeBasisPoints: CARD_FEE_BASIS_POINTS,
  achFeeCents: ACH_FEE_CENTS,
};

/** A utility's own fees (tenants.fees, set in /admin/settings); a missing value is the spec's. */
export function tenantFeeSchedule(fees: Partial<FeeSchedule> | null | undefined): FeeSchedule {
  return {
    cardFeeBasisPoints: fees?.cardFeeBasisPoints ?? SPEC_FEE_SCHEDULE.cardFeeBasisPoints,
    achFeeCents: fees?.achFeeCents ?? SPEC_FEE_SCHEDULE.achFeeCents,
  };
}

/** Fee added on top of a payment of `amountCents`, rounded half away from zero to the cent. */
export function paymentFeeCents(
  amountCents: number,
  method: FeePaymentMethod,
  schedule: FeeSchedule = SPEC_FEE_SCHEDULE,
): number {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw new RangeError('A payment amount is a positive whole number of cents');
  }
  if (method === 'card') return basisPointsOf(amountCents, schedule.cardFeeBasisPoints);
  if (method === 'ach') return schedule.achFeeCents;
  return 0;
}

/** What the payer is charged in total: the amount applied to the account plus the fee. */
export function totalWithFeeCents(
  amountCents: number,
  method: FeePaymentMethod,
  schedule: FeeSchedule = SPEC_FEE_SCHEDULE,
): number {
  return amountCents + paymentFeeCents(amountCents, method, schedule);
}
