// Who may open a payment page for which account (generateAuthToken). A signed-in customer pays
// only accounts linked to them; the utility's staff (agent, admin) any account of the utility, as
// when taking a payment on the phone; a guest (Quick Pay) proves the account with its number and
// PIN after the human check, under sign-up's PIN lockout, and learns only the amount due. The
// utility's own web site (its server) names an account of the utility by number with its payment
// site key (site-keys.ts); its payments are booked under the channel 'site'.
import {
  type GenerateAuthTokenRequest,
  isSiteAuthTokenRequest,
  type SiteAuthTokenRequest,
} from '@gridfront/contracts';
import { siteKeyMessages } from '@gridfront/contracts/admin-site-keys';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { customerAccounts } from '../../db/schema/index.ts';
import { HttpError } from '../../plugins/errors.ts';
import { tenantOf } from '../../plugins/tenant.ts';
import type { HumanCheck } from '../auth/altcha.ts';
import { balancesOf, ownedAccountId } from '../billing/repository.ts';
import { billingMessages } from '../billing/service.ts';
import { verifyAccountPin } from '../oracle/account-verify.ts';
import { type IssuedToken, issuePaymentToken, type TokenGrant } from './checkout-service.ts';
import { roleOf } from './platform-service.ts';
import { authenticateSiteKey, siteKeyOf } from './site-keys.ts';

export interface GrantedToken extends IssuedToken {
  accountNumber: string;
  amountDueCents: number;
}

/** The account a signed-in caller may pay, and the channel the payment is booked under. */
export async function payableAccount(
  db: Database,
  request: FastifyRequest,
  accountId: string,
): Promise<{ accountId: string; userId: string; channel: TokenGrant['channel'] }> {
  const user = request.user;
  if (!user) throw new HttpError(401, 'Please log in to pay this account');
  const tenantId = tenantOf(request).id;
  const role = await roleOf(db, tenantId, user.userId);
  if (role === 'agent' || role === 'admin') {
    const [account] = await db
      .select({ id: customerAccounts.id })
      .from(customerAccounts)
      .where(and(eq(customerAccounts.tenantId, tenantId), eq(customerAccounts.id, accountId)))
      .limit(1);
    if (!account) throw new HttpError(404, billingMessages.accountNotFound);
    return { accountId: account.id, userId: user.userId, channel: 'agent' };
  }
  const owned = await ownedAccountId(db, { tenantId, userId: user.userId }, accountId);
  if (!owned) throw new HttpError(404, billingMessages.accountNotFound);
  return { accountId: owned, userId: user.userId, channel: 'portal' };
}

export async function grantAuthToken(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  humanCheck: HumanCheck,
  body: GenerateAuthTokenRequest,
): Promise<GrantedToken> {
  const tenant = tenantOf(request);
  const siteKey = siteKeyOf(request);
  let grant: TokenGrant;
  if (siteKey !== null || isSiteAuthTokenRequest(body)) {
    grant = await siteGrant(db, request, reply, tenant.id, siteKey, body);
  } else if ('accountId' in body) {
    grant = { tenantId: tenant.id, ...(await payableAccount(db, request, body.accountId)) };
  } else {
    await humanCheck.verify(db, body.captcha);
    const verified = await verifyAccountPin(db, request, reply, tenant, body);
    grant = { tenantId: tenant.id, accountId: verified.accountId, userId: null, channel: 'quickpay' };
  }
  grant.amountCents = body.amountCents ?? null;
  const [account] = await db
    .select({ accountNumber: customerAccounts.accountNumber })
    .from(customerAccounts)
    .where(eq(customerAccounts.id, grant.accountId))
    .limit(1);
  const balance = (await balancesOf(db, [grant.accountId])).get(grant.accountId) ?? 0;
  const issued = await issuePaymentToken(db, 'auth', grant);
  return { ...issued, accountNumber: account?.accountNumber ?? '', amountDueCents: Math.max(0, balance) };
}

/** The utility's site: its key, then an account of this utility by number (404 otherwise). */
async function siteGrant(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  tenantId: string,
  siteKey: string | null,
  body: GenerateAuthTokenRequest,
): Promise<TokenGrant> {
  if (siteKey === null) throw new HttpError(401, siteKeyMessages.missing);
  await authenticateSiteKey(db, request, reply, tenantId, siteKey);
  if (!isSiteAuthTokenRequest(body)) throw new HttpError(400, siteKeyMessages.siteBodyOnly);
  const accountId = await accountIdByNumber(db, tenantId, body);
  return { tenantId, accountId, userId: null, channel: 'site' };
}

async function accountIdByNumber(
  db: Database,
  tenantId: string,
  body: SiteAuthTokenRequest,
): Promise<string> {
  const [account] = await db
    .select({ id: customerAccounts.id })
    .from(customerAccounts)
    .where(
      and(eq(customerAccounts.tenantId, tenantId), eq(customerAccounts.accountNumber, body.accountNumber)),
    )
    .limit(1);
  if (!account) throw new HttpError(404, billingMessages.accountNotFound);
  return account.id;
}
