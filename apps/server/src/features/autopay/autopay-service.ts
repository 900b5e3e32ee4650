// AutoPay enrollment of a signed-in customer's own account: the card or bank account is checked
// like a payment's, handed to the processor to keep, and only its token, its brand or 'bank' and
// its last four digits are stored.
// Changing AutoPay is enrolling again: the old enrollment is cancelled in the same commit (one
// active enrollment per account, by a partial unique index) and its saved source is forgotten.
import {
  type AutopayEnrollRequest,
  type AutopayEntry,
  autopayMessages,
  bankProblem,
  cardProblem,
} from '@gridfront/contracts';
import {
  type PaymentSourceParts,
  sourceLabel,
  storedSourceParts,
} from '@gridfront/contracts/payment-sources';
import { and, eq } from 'drizzle-orm';
import type { EnteredSource, PaymentProcessor } from '../../adapters/payments/processor.ts';
import type { Database } from '../../db/client.ts';
import { autopayEnrollments, customerAccounts } from '../../db/schema/index.ts';
import type { TenantAutopayRules } from '../../db/schema/tenants.ts';
import { lastOfMonth } from '../../domain/calendar/local-day.ts';
import { HttpError } from '../../plugins/errors.ts';
import { autopayRuleMessages, DEFAULT_AUTOPAY_RULES } from '../admin/settings-rules.ts';
import type { Owner } from '../billing/repository.ts';
import { ownedAccountId } from '../billing/repository.ts';
import { billingMessages } from '../billing/service.ts';

type EnrollmentRow = typeof autopayEnrollments.$inferSelect;

/** The enrollment's saved source as data (a brand it does not know words as a card or a bank account). */
export function enrollmentSource(
  row: Pick<EnrollmentRow, 'sourceBrand' | 'sourceLast4' | 'autoPayMethod'>,
): PaymentSourceParts {
  return (
    storedSourceParts(row.sourceBrand, row.sourceLast4) ??
    (row.autoPayMethod === 'card'
      ? { method: 'card', brand: 'card', last4: row.sourceLast4 }
      : { method: 'ach', brand: 'bank', last4: row.sourceLast4 })
  );
}

export function autopayEntryOf(row: EnrollmentRow): AutopayEntry {
  const source = enrollmentSource(row);
  return {
    accountId: row.accountId,
    startDate: row.startDate,
    endDate: row.endDate,
    expireDate: row.expireDate,
    entityName: row.entityName,
    autoPayMethod: row.autoPayMethod,
    autopaySource: sourceLabel(source),
    autopayMaxWithdrawalAmount: row.autopayMaxWithdrawalCents,
    source,
  };
}

function sourceOf(body: AutopayEnrollRequest, today: Date): EnteredSource {
  if (body.autoPayMethod === 'card' && body.card) {
    const problem = cardProblem(body.card, today);
    if (problem) throw new HttpError(400, problem.message);
    return { card: body.card };
  }
  if (body.autoPayMethod === 'ach' && body.bank) {
    const problem = bankProblem(body.bank);
    if (problem) throw new HttpError(400, problem.message);
    return { bank: body.bank };
  }
  throw new HttpError(400, autopayMessages.source);
}

async function requireOwned(db: Database, owner: Owner, accountId: string): Promise<string> {
  const owned = await ownedAccountId(db, owner, accountId);
  if (!owned) throw new HttpError(404, billingMessages.accountNotFound);
  return owned;
}

export interface EnrollContext {
  db: Database;
  processor: PaymentProcessor;
  owner: Owner;
  /** The tenant's local date today, 'YYYY-MM-DD'. */
  today: string;
  now?: Date;
  /** The utility's AutoPay rules (/admin/settings): allowed methods and the withdrawal cap. */
  rules?: TenantAutopayRules;
}

/** The utility's rules: a method it does not offer, or a maximum above its cap, is refused. */
function checkAutopayRules(body: AutopayEnrollRequest, rules: TenantAutopayRules): void {
  if (!rules.methods.includes(body.autoPayMethod)) {
    throw new HttpError(400, autopayRuleMessages.methodNotAllowed(body.autoPayMethod));
  }
  const cap = rules.maxWithdrawalCents;
  if (cap !== null && body.autopayMaxWithdrawalAmount !== null && body.autopayMaxWithdrawalAmount > cap) {
    throw new HttpError(400, autopayRuleMessages.overCap(cap));
  }
}

export async function enrollAutopay(
  context: EnrollContext,
  body: AutopayEnrollRequest,
): Promise<{ message: string; autopay: AutopayEntry }> {
  const { db, processor, owner, today } = context;
  const accountId = await requireOwned(db, owner, body.accountId);
  if (body.startDate < today) throw new HttpError(400, autopayMessages.startDate);
  if (body.endDate && body.endDate <= body.startDate) throw new HttpError(400, autopayMessages.endDate);
  checkAutopayRules(body, context.rules ?? DEFAULT_AUTOPAY_RULES);
  const source = sourceOf(body, context.now ?? new Date());
  const [account] = await db
    .select({ holderName: customerAccounts.holderName })
    .from(customerAccounts)
    .where(eq(customerAccounts.id, accountId))
    .limit(1);
  const saved = await processor.saveSource(owner.tenantId, source);
  // A card stops paying when it expires: its last valid day is the enrollment's expiry.
  const expireDate =
    'card' in source
      ? lastOfMonth(`${source.card.expYear}-${String(source.card.expMonth).padStart(2, '0')}-01`)
      : null;
  const { created, replaced } = await db.transaction(async (tx) => {
    const [previous] = await tx
      .update(autopayEnrollments)
      .set({ status: 'cancelled' })
      .where(and(eq(autopayEnrollments.accountId, accountId), eq(autopayEnrollments.status, 'active')))
      .returning();
    const [row] = await tx
      .insert(autopayEnrollments)
      .values({
        tenantId: owner.tenantId,
        accountId,
        userId: owner.userId,
        entityName: account?.holderName ?? '',
        autoPayMethod: saved.source.method,
        sourceBrand: saved.source.brand,
        sourceLast4: saved.source.last4,
        autopayMaxWithdrawalCents: body.autopayMaxWithdrawalAmount,
        startDate: body.startDate,
        endDate: body.endDate ?? null,
        expireDate,
        status: 'active',
        processorToken: saved.token,
      })
      .returning();
    if (!row) throw new Error('the AutoPay insert returned no row');
    return { created: row, replaced: previous ?? null };
  });
  if (replaced?.processorToken) await processor.deleteSource(owner.tenantId, replaced.processorToken);
  return {
    message: replaced ? autopayMessages.changed : autopayMessages.enrolled,
    autopay: autopayEntryOf(created),
  };
}

export async function cancelAutopay(
  context: Omit<EnrollContext, 'today'>,
  accountId: string,
): Promise<{ message: string; autopay: null }> {
  const { db, processor, owner } = context;
  const owned = await requireOwned(db, owner, accountId);
  const [cancelled] = await db
    .update(autopayEnrollments)
    .set({ status: 'cancelled' })
    .where(and(eq(autopayEnrollments.accountId, owned), eq(autopayEnrollments.status, 'active')))
    .returning();
  if (!cancelled) throw new HttpError(404, autopayMessages.notEnrolled);
  if (cancelled.processorToken) await processor.deleteSource(owner.tenantId, cancelled.processorToken);
  return { message: autopayMessages.cancelled, autopay: null };
}
