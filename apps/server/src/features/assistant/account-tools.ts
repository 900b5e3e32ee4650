// The assistant's account tools: what the signed-in customer may ask about their own accounts. Each
// tool goes through the portal's own services (billing, usage), which read only the accounts linked
// to the user in user_accounts, and the to-do table by user id. Nothing in the message chooses the
// account: the user comes from the widget token, so "show account X" reaches no one else's data.
import type { AccountSummary, Language } from '@gridfront/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { todos } from '../../db/schema/index.ts';
import type { RequestUser } from '../../plugins/auth.ts';
import type { Tenant } from '../../plugins/tenant.ts';
import { billDetails, transactionDetails, userDetails } from '../billing/service.ts';
import { usageDetails } from '../usage/usage-service.ts';

export const ACCOUNT_TOOLS = [
  'balance',
  'last_bill',
  'last_payment',
  'usage_this_month',
  'autopay',
  'open_requests',
] as const;
export type AccountTool = (typeof ACCOUNT_TOOLS)[number];

export interface ToolContext {
  db: Database;
  tenant: Tenant;
  user: RequestUser;
  /** An agent's view: only this account of the user. */
  accountId?: string;
}

/** The billing and usage services take a request; they read only its tenant and user. */
function ownerRequest(context: ToolContext): FastifyRequest {
  return { tenant: context.tenant, user: context.user } as unknown as FastifyRequest;
}

/** "••••1234": the assistant never writes a whole account number. */
export function lastFour(accountNumber: string): string {
  return `••••${accountNumber.slice(-4)}`;
}

export async function accountsOf(context: ToolContext): Promise<AccountSummary[]> {
  try {
    const { accounts } = await userDetails(context.db, ownerRequest(context));
    return context.accountId ? accounts.filter((a) => a.accountId === context.accountId) : accounts;
  } catch {
    return [];
  }
}

export interface BalanceFact {
  account: string;
  balanceCents: number;
  dueDate: string | null;
  amountDueCents: number | null;
}

export interface BillFact {
  account: string;
  billDate: string;
  currentChargesCents: number;
  amountDueCents: number;
  dueDate: string;
  previousChargesCents: number | null;
  services: {
    utilityType: string;
    unit: string;
    quantity: number;
    previousQuantity: number | null;
    amountCents: number;
  }[];
}

export interface PaymentFact {
  account: string;
  date: string | null;
  amountCents: number | null;
  method: string | null;
}

export interface UsageFact {
  account: string;
  utilityType: string;
  unit: string;
  from: string;
  toDate: string;
  thisYear: number;
  lastYear: number | null;
}

export interface AutopayFact {
  account: string;
  on: boolean;
  method: string | null;
  source: string | null;
}

export interface RequestFact {
  reference: string;
  type: string;
  status: string;
  effectiveDate: string;
}

async function latestBill(context: ToolContext, accountId: string) {
  const details = await billDetails(context.db, ownerRequest(context), { accountId });
  return details;
}

export async function balanceFacts(context: ToolContext, accounts: AccountSummary[]): Promise<BalanceFact[]> {
  return Promise.all(
    accounts.map(async (account) => {
      const details = await latestBill(context, account.accountId);
      return {
        account: lastFour(account.accountNumber),
        balanceCents: account.balanceCents,
        dueDate: details.bill?.dueDate ?? null,
        amountDueCents: details.bill?.amountDueCents ?? null,
      };
    }),
  );
}

export async function billFacts(context: ToolContext, accounts: AccountSummary[]): Promise<BillFact[]> {
  const facts: BillFact[] = [];
  for (const account of accounts) {
    const request = ownerRequest(context);
    const bills = await transactionDetails(context.db, request, {
      accountId: account.accountId,
      filterType: 'C1BL',
      pageLimit: 2,
      pageOffset: 0,
      sortBy: 'date',
      sortOrder: 'desc',
    });
    const [latest, previous] = bills.transactions.filter((t) => t.billId);
    if (!latest?.billId) continue;
    const now = await billDetails(context.db, request, {
      accountId: account.accountId,
      billId: latest.billId,
    });
    const before = previous?.billId
      ? await billDetails(context.db, request, { accountId: account.accountId, billId: previous.billId })
      : null;
    if (!now.bill) continue;
    facts.push({
      account: lastFour(account.accountNumber),
      billDate: now.bill.billDate,
      currentChargesCents: now.bill.currentChargesCents,
      amountDueCents: now.bill.amountDueCents,
      dueDate: now.bill.dueDate,
      previousChargesCents: before?.bill?.currentChargesCents ?? null,
      services: now.bill.segments.map((segment) => {
        const old = before?.bill?.segments.find((s) => s.utilityType === segment.utilityType);
        return {
          utilityType: segment.utilityType,
          unit: segment.usageUnit,
          quantity: segment.usageQuantity,
          previousQuantity: old ? old.usageQuantity : null,
          amountCents: segment.amountCents,
        };
      }),
    });
  }
  return facts;
}

export async function paymentFacts(context: ToolContext, accounts: AccountSummary[]): Promise<PaymentFact[]> {
  return Promise.all(
    accounts.map(async (account) => {
      const page = await transactionDetails(context.db, ownerRequest(context), {
        accountId: account.accountId,
        filterType: 'PAY',
        pageLimit: 1,
        pageOffset: 0,
        sortBy: 'date',
        sortOrder: 'desc',
      });
      const [payment] = page.transactions;
      return {
        account: lastFour(account.accountNumber),
        date: payment?.transactionDate ?? null,
        amountCents: payment ? Math.abs(payment.amountCents) : null,
        method: payment?.paymentMethod ?? null,
      };
    }),
  );
}

function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

function yearBefore(date: string): string {
  const year = Number(date.slice(0, 4)) - 1;
  const rest = date.slice(4) === '-02-29' ? '-02-28' : date.slice(4);
  return `${year}${rest}`;
}

export async function usageFacts(
  context: ToolContext,
  accounts: AccountSummary[],
  now = new Date(),
): Promise<UsageFact[]> {
  const today = todayIn(context.tenant.timeZone, now);
  const from = `${today.slice(0, 8)}01`;
  const facts: UsageFact[] = [];
  for (const account of accounts) {
    for (const service of account.services) {
      const sum = async (start: string, end: string) => {
        try {
          const answer = await usageDetails(context.db, ownerRequest(context), {
            type: 'usage',
            accountId: account.accountId,
            utilityType: service.utilityType,
            view: 'daily',
            from: start,
            toDate: end,
            resolution: 60,
          });
          if (answer.view !== 'daily' || answer.days.length === 0) return null;
          return answer.days.reduce((total, d) => total + d.importWh, 0);
        } catch {
          return null;
        }
      };
      const thisYear = await sum(from, today);
      if (thisYear === null) continue;
      const lastYear = await sum(yearBefore(from), yearBefore(today));
      const electric = service.utilityType === 'electricity';
      facts.push({
        account: lastFour(account.accountNumber),
        utilityType: service.utilityType,
        unit: electric ? 'kWh' : 'Wh',
        from,
        toDate: today,
        thisYear: electric ? thisYear / 1000 : thisYear,
        lastYear: lastYear === null ? null : electric ? lastYear / 1000 : lastYear,
      });
    }
  }
  return facts;
}

export function autopayFacts(accounts: AccountSummary[]): AutopayFact[] {
  return accounts.map((account) => ({
    account: lastFour(account.accountNumber),
    on: account.autopay !== null,
    method: account.autopay?.autoPayMethod ?? null,
    source: account.autopay?.autopaySource ?? null,
  }));
}

export async function requestFacts(context: ToolContext): Promise<RequestFact[]> {
  const rows = await context.db
    .select({
      reference: todos.referenceNumber,
      type: todos.requestType,
      status: todos.status,
      effectiveDate: todos.effectiveDate,
    })
    .from(todos)
    .where(
      and(
        eq(todos.tenantId, context.tenant.id),
        eq(todos.userId, context.user.userId),
        ...(context.accountId ? [eq(todos.accountId, context.accountId)] : []),
        inArray(todos.status, ['submitted', 'in_progress']),
      ),
    )
    .orderBy(desc(todos.createdAt))
    .limit(10);
  return rows;
}

/** Runs one tool by name (the model path's tool calls); the answer is JSON for the model. */
export async function runAccountTool(context: ToolContext, tool: AccountTool): Promise<unknown> {
  if (tool === 'open_requests') return { requests: await requestFacts(context), link: '/todo' };
  const accounts = await accountsOf(context);
  if (accounts.length === 0) return { accounts: [] };
  switch (tool) {
    case 'balance':
      return { accounts: await balanceFacts(context, accounts), payLink: '/paybill' };
    case 'last_bill':
      return { bills: await billFacts(context, accounts) };
    case 'last_payment':
      return { payments: await paymentFacts(context, accounts) };
    case 'usage_this_month':
      return { usage: await usageFacts(context, accounts), link: '/usage' };
    case 'autopay':
      return { autopay: autopayFacts(accounts) };
  }
}

/** Which account tool a message asks for, if any (only asked when the user is signed in). */
const INTENTS: Record<Language, [AccountTool, RegExp][]> = {
  en: [
    ['open_requests', /\b(service )?requests?\b|\bmy (order|ticket)s?\b/i],
    [
      'autopay',
      /\b(my )?auto ?pay\b.*\b(on|off|status|enrolled|set up|active)\b|\bam i (on|enrolled in) auto ?pay|\bis my auto ?pay\b|\bmy auto ?pay\b/i,
    ],
    [
      'last_payment',
      /\b(last|latest|recent) payment\b|\bdid (you|u) (get|receive) my payment\b|\bwhen did i (last )?pay\b/i,
    ],
    [
      'usage_this_month',
      /\b(my|i) .*\b(usage|use|used|using|consumption)\b.*\b(this month|last year|so far)\b|\bhow much (energy|electricity|power|water|gas) (have )?i\b/i,
    ],
    [
      'last_bill',
      /\bmy (last|latest|recent|new) bill\b|\bwhy is my bill\b|\bmy bill (go|went|is) (up|higher|so high)\b|\bwhat changed\b/i,
    ],
    [
      'balance',
      /\b(my )?balance\b|\bhow much do i owe\b|\bwhat do i owe\b|\bwhen is my (bill|payment) due\b|\bmy due date\b|\bamount due\b/i,
    ],
  ],
  es: [
    ['open_requests', /\bmis solicitudes\b|\bsolicitud(es)? (de servicio )?(abierta|pendiente)s?\b/i],
    ['autopay', /\bmi (pago automático|autopay)\b|\btengo (el )?(pago automático|autopay)\b/i],
    ['last_payment', /\b(mi )?último pago\b|\bcuándo pagué\b|\brecibieron mi pago\b/i],
    ['usage_this_month', /\bmi consumo\b|\bcuánto (he )?consumido\b/i],
    ['last_bill', /\bmi (última|ultima) factura\b|\bpor qu[eé] (subió|subio) mi factura\b|\bqué cambió\b/i],
    ['balance', /\bmi saldo\b|\bcuánto debo\b|\bcuanto debo\b|\bcuándo vence mi\b|\bfecha de vencimiento\b/i],
  ],
  de: [
    ['open_requests', /\bmeine (offenen )?(anfragen|aufträge|anträge)\b/i],
    ['autopay', /\bmein(e)? (autopay|lastschrift)\b|\bist autopay (an|aktiv)\b/i],
    ['last_payment', /\bmeine letzte zahlung\b|\bwann habe ich (zuletzt )?bezahlt\b/i],
    ['usage_this_month', /\bmein verbrauch\b|\bwie viel (strom|wasser|gas) habe ich\b/i],
    ['last_bill', /\bmeine letzte rechnung\b|\bwarum ist meine rechnung\b|\bwas hat sich geändert\b/i],
    [
      'balance',
      /\bmein(en)? (kontostand|saldo)\b|\bwie viel schulde ich\b|\bwann ist meine rechnung fällig\b|\bwas ist offen\b/i,
    ],
  ],
  ta: [
    ['open_requests', /என் (சேவைக் )?கோரிக்கை/u],
    ['autopay', /என் (autopay|AutoPay|தானியங்கி)/u],
    ['last_payment', /என் கடைசி (கட்டணம்|பணம்)|நான் கடைசியாக (செலுத்திய|கட்டிய)/u],
    ['usage_this_month', /என் (மின் )?பயன்பாடு|இந்த மாதம் .*பயன்படுத்/u],
    ['last_bill', /என் கடைசி பில்|என் பில் ஏன்/u],
    ['balance', /என் (நிலுவை|இருப்பு|பாக்கி|balance)|நான் எவ்வளவு (செலுத்த|கட்ட) வேண்டும்/u],
  ],
};

export function accountIntent(language: Language, message: string): AccountTool | null {
  for (const lang of [language, 'en'] as Language[]) {
    for (const [tool, pattern] of INTENTS[lang]) if (pattern.test(message)) return tool;
  }
  return null;
}
