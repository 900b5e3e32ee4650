// POST /gridx/switchPlan: "switch to this plan" from a saved comparison becomes a service request
// for the utility's staff (a plan change is their decision to make, on the next billing cycle). One
// open switch request per account; a retry with the same key answers the request filed the first time.
import {
  rateComparisonMessages as messages,
  type SwitchPlanResponse,
  type switchPlanRequest,
} from '@gridfront/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { premises, services, tariffs, todos, users } from '../../db/schema/index.ts';
import { addMonths, firstOfMonth, todayIn } from '../../domain/calendar/local-day.ts';
import { requestLanguage } from '../../lib/accept-language.ts';
import { userOf } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import { tenantOf } from '../../plugins/tenant.ts';
import { premiseKey } from '../service-requests/premise-key.ts';
import { lockPremise } from '../service-requests/repository.ts';
import { createServiceRequest, findServiceRequestByKey } from '../service-requests/service.ts';
import { findUsageService } from '../usage/usage-scope.ts';
import { savedComparison } from './compare-service.ts';

type SwitchBody = z.output<typeof switchPlanRequest>;

const OPEN_STATUSES = ['submitted', 'in_progress'] as const;

function answerOf(row: { referenceNumber: string; status: string }): SwitchPlanResponse {
  return { message: messages.switchRequested, referenceNumber: row.referenceNumber, status: row.status };
}

/** "saves $123.45 a year" / "costs $12.00 more a year", for the staff notice. */
function yearlyEffect(differenceCents: number): string {
  const dollars = `$${(Math.abs(differenceCents) / 100).toFixed(2)}`;
  return differenceCents <= 0 ? `saves ${dollars} a year` : `costs ${dollars} more a year`;
}

export async function switchPlan(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  body: SwitchBody,
): Promise<SwitchPlanResponse> {
  const tenant = tenantOf(request);
  const owner = { tenantId: tenant.id, userId: userOf(request).userId };
  const earlier = await findServiceRequestByKey(app.db, tenant.id, body.idempotencyKey);
  if (earlier) {
    const sameAsked =
      earlier.userId === owner.userId &&
      earlier.requestType === 'plan_switch' &&
      earlier.details.compareResultId === body.compareResultId &&
      earlier.details.tariffId === body.tariffId;
    if (!sameAsked) throw new HttpError(409, 'This Idempotency-Key was already used for a different request');
    reply.header('idempotent-replayed', 'true');
    return answerOf(earlier);
  }

  const comparison = await savedComparison(app.db, owner, body.compareResultId);
  const plan = comparison.plans.find((candidate) => candidate.tariffId === body.tariffId);
  if (!plan) throw new HttpError(400, messages.planNotOffered);
  // The comparison was priced on the plans offered then; the utility may have withdrawn this one since
  // (/admin/settings). The customer's current plan is never a switch target, so it needs no exception.
  const [stillOffered] = await app.db
    .select({ id: tariffs.id })
    .from(tariffs)
    .where(and(eq(tariffs.tenantId, tenant.id), eq(tariffs.id, plan.tariffId), eq(tariffs.offered, true)))
    .limit(1);
  if (!stillOffered) throw new HttpError(400, messages.planWithdrawn);
  const service = await findUsageService(app.db, owner, comparison.accountId, 'electricity');
  if (!service) throw new HttpError(404, messages.accountNotFound);
  // The plan the customer is on now, which may have changed since the comparison was saved.
  if (service.tariffId === plan.tariffId) throw new HttpError(400, messages.alreadyOnPlan);
  const [site] = await app.db
    .select({ address: premises.serviceAddress, zip: premises.zip, propertyType: premises.propertyType })
    .from(services)
    .innerJoin(premises, eq(premises.id, services.premiseId))
    .where(eq(services.id, service.serviceId));
  const [user] = await app.db
    .select({ fullName: users.fullName, email: users.email })
    .from(users)
    .where(eq(users.id, owner.userId));
  if (!site || !user) throw new HttpError(404, messages.accountNotFound);
  const current = comparison.plans.find((candidate) => candidate.current);

  const row = await app.db.transaction(async (tx) => {
    await lockPremise(tx, tenant.id, premiseKey(site.address, site.zip));
    const [open] = await tx
      .select({ referenceNumber: todos.referenceNumber })
      .from(todos)
      .where(
        and(
          eq(todos.tenantId, tenant.id),
          eq(todos.accountId, comparison.accountId),
          eq(todos.requestType, 'plan_switch'),
          inArray(todos.status, [...OPEN_STATUSES]),
        ),
      )
      .limit(1);
    if (open)
      throw new HttpError(409, messages.switchAlreadyOpen.replace('{reference}', open.referenceNumber));
    return createServiceRequest(tx, request, tenant, {
      requestType: 'plan_switch',
      userId: owner.userId,
      accountId: comparison.accountId,
      accountHolderName: user.fullName,
      email: user.email,
      // A plan changes with the next billing cycle: the first of next month in the utility's zone.
      effectiveDate: addMonths(firstOfMonth(todayIn(tenant.timeZone)), 1),
      serviceAddress: site.address,
      serviceZip: site.zip,
      propertyType: site.propertyType,
      services: ['electricity'],
      serviceDescription: `Switch from ${current?.name ?? 'the current plan'} to ${plan.name}`,
      agreementAccepted: false,
      details: {
        compareResultId: comparison.id,
        tariffId: plan.tariffId,
        tariffCode: plan.code,
        tariffName: plan.name,
        fromTariffCode: current?.code ?? null,
        annualDifferenceCents: plan.annualDifferenceCents,
      },
      idempotencyKey: body.idempotencyKey,
      language: requestLanguage(undefined, request.headers['accept-language']),
      note: `Switch ${current?.code ?? ''} → ${plan.code}: ${yearlyEffect(plan.annualDifferenceCents)} on the customer's last 12 months`,
    });
  });
  // Null: a request with the same key committed in between; answer that one.
  const filed = row ?? (await findServiceRequestByKey(app.db, tenant.id, body.idempotencyKey));
  if (!filed) throw new HttpError(409, messages.notFound);
  app.mail.wake();
  return answerOf(filed);
}
