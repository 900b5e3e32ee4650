// A token grant (who may pay which account, settled by Gridfront) as the processor's hosted
// session request, less the payer's language, which the route adds.
import type { HostedSessionRequest } from '../../adapters/payments/processor.ts';
import type { TokenGrant } from './payment-tokens.ts';

export function hostedSessionOf(grant: TokenGrant): Omit<HostedSessionRequest, 'language'> {
  return {
    merchantId: grant.tenantId,
    accountId: grant.accountId,
    userId: grant.userId,
    channel: grant.channel,
    amountCents: grant.amountCents ?? null,
    // The default of a token written without one (payment_tokens.return_path).
    returnPath: grant.returnPath ?? '/',
  };
}
