// A token grant (who may pay which account, settled by Gridfront) opened as a hosted page by the
// active platform's processor, answered as generatePaymentTokenUrl and generateCustomerTokenUrl
// both answer it.
import type { PaymentProcessor } from '../../adapters/payments/processor.ts';
import { requestLanguage } from '../../lib/accept-language.ts';
import type { TokenGrant } from './payment-tokens.ts';

export async function openHostedPage(
  processor: PaymentProcessor,
  grant: TokenGrant,
  acceptLanguage: string | undefined,
): Promise<{ url: string; expiresAt: string }> {
  const session = await processor.createHostedSession({
    merchantId: grant.tenantId,
    accountId: grant.accountId,
    userId: grant.userId,
    channel: grant.channel,
    amountCents: grant.amountCents ?? null,
    // The default of a token written without one (payment_tokens.return_path).
    returnPath: grant.returnPath ?? '/',
    language: requestLanguage(undefined, acceptLanguage),
  });
  return { url: session.url, expiresAt: session.expiresAt.toISOString() };
}
