// What a payment provider does for Gridfront, whoever it is: open a hosted payment page (a session)
// for one account, charge with an idempotency key (a retry with the same key never charges twice),
// look a charge up by that key (to settle what a crash or a time-out left open), and refund.
// Adapters for real providers implement this same interface.
import type { BankInput, CardInput, PaymentSourceParts } from '@gridfront/contracts/payment-sources';
import type { paymentChannel } from '../../db/schema/enums.ts';

/** What the payer typed: a card or a bank account. */
export type EnteredSource = { card: CardInput } | { bank: BankInput };

/** A source to charge: one just typed, or one the processor keeps for the merchant (AutoPay). */
export type ChargeSource = EnteredSource | { saved: string; source: PaymentSourceParts };

export interface SavedSource {
  /** The processor's opaque token; with `source`, all Gridfront keeps. */
  token: string;
  /** Method, brand or bank, and the last four digits. */
  source: PaymentSourceParts;
}

export interface ChargeRequest {
  /** The merchant (tenant) the money goes to. */
  merchantId: string;
  idempotencyKey: string;
  /** What the payer is charged in total: the payment plus its fee. */
  amountCents: number;
  source: ChargeSource;
}

export type ChargeOutcome =
  | { status: 'succeeded'; reference: string }
  | { status: 'declined'; code: 'declined' | 'insufficient_funds' | 'closed_account'; reason: string };

/** The provider did not answer in time: the charge may or may not exist; look it up later. */
export class ProcessorTimeoutError extends Error {
  constructor() {
    super('The payment processor did not answer in time');
    this.name = 'ProcessorTimeoutError';
  }
}

/** Who may pay what on a hosted page: settled by Gridfront before the provider is asked. */
export interface HostedSessionRequest {
  /** The merchant (tenant) the money goes to. */
  merchantId: string;
  accountId: string;
  /** The signed-in user the page is opened for; null for a guest (Quick Pay). */
  userId: string | null;
  channel: (typeof paymentChannel.enumValues)[number];
  /** The amount the page starts with; null lets the payer choose (the balance by default). */
  amountCents: number | null;
  /** Where the page sends the payer back to, a path of the portal. */
  returnPath: string;
  /** The payer's language (en, es, ta, de), for a provider whose page is not the portal's. */
  language: string;
}

export interface HostedSession {
  /** The page to open: single use, valid until expiresAt. */
  url: string;
  expiresAt: Date;
  /** The provider's own reference of the session. */
  reference: string;
}

export interface PaymentProcessor {
  /** Opens a hosted payment page for one account and answers its URL. */
  createHostedSession(request: HostedSessionRequest): Promise<HostedSession>;
  /** Charges once per idempotency key; throws ProcessorTimeoutError when the answer is lost. */
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
  /** The charge made with this key, or null when none was made. */
  lookup(merchantId: string, idempotencyKey: string): Promise<ChargeOutcome | null>;
  refund(merchantId: string, reference: string, amountCents: number): Promise<void>;
  /** Keeps a source for later charges (AutoPay) and answers its token. */
  saveSource(merchantId: string, source: EnteredSource): Promise<SavedSource>;
  /** Forgets a kept source (AutoPay cancelled or changed). */
  deleteSource(merchantId: string, token: string): Promise<void>;
}
