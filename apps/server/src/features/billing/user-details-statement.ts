// getUserDetails in one prepared statement: the user and their linked accounts as json.
import type { PaymentSourceParts } from '@gridfront/contracts/payment-sources';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { type JsonNumber, sessionLiveColumn, statementName, tenantId, userId } from './statement-params.ts';

export interface AccountJson {
  accountId: string;
  accountNumber: string;
  holderName: string;
  email: string;
  phone: string;
  mailingAddress: string;
  city: string;
  state: string;
  zip: string;
  paperless: boolean;
  balanceCents: JsonNumber;
  premises: Array<{
    premiseId: string;
    serviceAddress: string;
    city: string;
    state: string;
    zip: string;
    propertyType: string;
    hasSolar: boolean;
  }>;
  services: Array<{
    serviceId: string;
    premiseId: string;
    utilityType: 'electricity' | 'gas' | 'water' | 'sewer';
    status: 'active' | 'pending' | 'stopped';
    tariffName: string | null;
  }>;
  autopay: {
    accountId: string;
    startDate: string;
    endDate: string | null;
    expireDate: string | null;
    entityName: string;
    autoPayMethod: 'card' | 'ach' | 'check' | 'cash';
    autopaySource: string;
    autopayMaxWithdrawalAmount: number | null;
    source: PaymentSourceParts;
  } | null;
}

/**
 * The user and their linked accounts (by account number) with premises, services, balance and
 * AutoPay, and whether the caller's sign-in is alive.
 */
export function userDetailsStatement(db: Database, withSession = false) {
  return db
    .select({
      userId: users.id,
      username: users.username,
      fullName: users.fullName,
      email: users.email,
      sessionLive: sessionLiveColumn(withSession),
      accounts: sql<AccountJson[]>`coalesce((
        select json_agg(json_build_object(
          'accountId', ca.id, 'accountNumber', ca.account_number, 'holderName', ca.holder_name,
          'email', ca.email, 'phone', ca.phone, 'mailingAddress', ca.mailing_address, 'city', ca.city,
          'state', ca.state, 'zip', ca.zip, 'paperless', ca.paperless,
          'balanceCents', (select coalesce(sum(le.amount_cents), 0) from ledger_entries le where le.account_id = ca.id),
          'premises', coalesce((
            select json_agg(json_build_object(
              'premiseId', p.id, 'serviceAddress', p.service_address, 'city', p.city, 'state', p.state,
              'zip', p.zip, 'propertyType', p.property_type, 'hasSolar', p.has_solar
            ) order by p.service_address)
            from premises p where p.account_id = ca.id
          ), '[]'::json),
          'services', coalesce((
            select json_agg(json_build_object(
              'serviceId', s.id, 'premiseId', s.premise_id, 'utilityType', s.utility_type,
              'status', s.status, 'tariffName', t.name
            ) order by s.utility_type)
            from services s left join tariffs t on t.id = s.tariff_id where s.account_id = ca.id
          ), '[]'::json),
          'autopay', (
            select json_build_object(
              'accountId', a.account_id, 'startDate', a.start_date, 'endDate', a.end_date,
              'expireDate', a.expire_date, 'entityName', a.entity_name, 'autoPayMethod', a.auto_pay_method,
              'autopaySource', payment_source_label_en(a.source_brand, a.source_last4),
              'autopayMaxWithdrawalAmount', a.autopay_max_withdrawal_cents,
              'source', payment_source_json(a.source_brand, a.source_last4)
            )
            from autopay_enrollments a where a.account_id = ca.id and a.status = 'active' limit 1
          )
        ) order by ca.account_number)
        from user_accounts ua join customer_accounts ca on ca.id = ua.account_id
        where ua.user_id = users.id and ua.tenant_id = users.tenant_id
      ), '[]'::json)`,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.tenantId, tenantId)))
    .limit(1)
    .prepare(statementName('billing_user_details', withSession));
}
